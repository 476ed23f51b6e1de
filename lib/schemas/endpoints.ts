import * as z from 'zod/mini';

export const ENDPOINT_LIMITS = {
  idMaxLength: 128,
  descriptionMaxLength: 255,
} as const;

/** Cloud providers' endpoint ids (e.g. `vpce-0a1b2c3d4e5f67890`): letters, digits, dot, dash, underscore, colon. */
export const ENDPOINT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;

export const endpointIdSchema = z.string({ error: 'Endpoint id is required' }).check(
  z.trim(),
  z.minLength(1, { error: 'Endpoint id is required' }),
  z.maxLength(ENDPOINT_LIMITS.idMaxLength, {
    error: `Endpoint id must be at most ${ENDPOINT_LIMITS.idMaxLength} characters`,
  }),
  z.regex(ENDPOINT_ID_PATTERN, {
    error: 'Endpoint id may contain letters, digits, dots, dashes, underscores and colons only',
  }),
);

/** Endpoint 3: register a private endpoint for a service. */
export const endpointCreateSchema = z.object({
  id: endpointIdSchema,
  description: z.string().check(
    z.trim(),
    z.maxLength(ENDPOINT_LIMITS.descriptionMaxLength, {
      error: `Description must be at most ${ENDPOINT_LIMITS.descriptionMaxLength} characters`,
    }),
  ),
});
export type EndpointCreateRequest = z.infer<typeof endpointCreateSchema>;

/** Service PATCH: attach (`add`) or detach (`remove`) endpoint ids. */
export const serviceEndpointsPatchSchema = z.object({
  privateEndpointIds: z
    .object({
      add: z.optional(z.array(endpointIdSchema).check(z.maxLength(100, { error: 'At most 100 endpoints at once' }))),
      remove: z.optional(z.array(endpointIdSchema).check(z.maxLength(100, { error: 'At most 100 endpoints at once' }))),
    })
    .check(
      z.refine((v) => (v.add?.length ?? 0) + (v.remove?.length ?? 0) > 0, {
        error: 'Name at least one endpoint to attach or detach',
      }),
    ),
});
export type ServiceEndpointsPatch = z.infer<typeof serviceEndpointsPatchSchema>;

export interface PrivateEndpointRecord {
  id: string;
  description: string;
  cloudProvider: string;
  region: string;
}

export interface OrganizationRecord {
  id: string;
  name: string;
  createdAt?: string;
  privateEndpoints: PrivateEndpointRecord[];
}

export interface ServiceRecord {
  id: string;
  name: string;
  provider: string;
  region: string;
  state: string;
  privateEndpointIds: string[];
}

export interface PrivateEndpointConfig {
  endpointServiceId: string;
  privateDnsHostname: string;
}
