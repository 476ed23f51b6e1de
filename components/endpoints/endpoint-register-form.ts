import * as z from 'zod/mini';
import { endpointCreateSchema, type EndpointCreateRequest } from '@/lib/schemas/endpoints';

/** The request schema plus the dialog's own "attach after registering" choice. */
export const endpointRegisterFormSchema = z.extend(endpointCreateSchema, { attach: z.boolean() });

export type EndpointRegisterFormValues = z.input<typeof endpointRegisterFormSchema>;
export type EndpointRegisterFormOutput = z.output<typeof endpointRegisterFormSchema>;

export const ENDPOINT_FORM_FIELDS = ['id', 'description'] as const;

export const emptyEndpointRegisterValues: EndpointRegisterFormValues = { id: '', description: '', attach: true };

export function toEndpointCreateRequest(values: EndpointRegisterFormOutput): EndpointCreateRequest {
  return { id: values.id, description: values.description };
}
