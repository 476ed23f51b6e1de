import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndpointCreateRequest, PrivateEndpointRecord } from '@/lib/schemas/endpoints';
import { cloudFetch, servicePath, type ApiRequestError } from '../client';
import type { MutationOptions } from '../query-options';
import { endpointKeys } from './keys';

/** Registers an endpoint in the organization; attaching it to a service is a separate PATCH. */
export function registerEndpoint(
  organizationId: string,
  serviceId: string,
  request: EndpointCreateRequest,
): Promise<PrivateEndpointRecord> {
  return cloudFetch<PrivateEndpointRecord>(servicePath(organizationId, serviceId, 'privateEndpoint'), {
    method: 'POST',
    body: request,
  });
}

export function useEndpointRegisterMutation(
  organizationId: string,
  serviceId: string,
  { onSuccess, ...options }: MutationOptions<PrivateEndpointRecord, EndpointCreateRequest> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<PrivateEndpointRecord, ApiRequestError, EndpointCreateRequest>({
    mutationFn: (request) => registerEndpoint(organizationId, serviceId, request),
    ...options,
    onSuccess: async (record, request, onMutateResult, context) => {
      await queryClient.invalidateQueries({ queryKey: endpointKeys.organization(organizationId) });
      await onSuccess?.(record, request, onMutateResult, context);
    },
  });
}
