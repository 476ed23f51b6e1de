import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndpointCreateRequest, PrivateEndpointRecord } from '@/lib/schemas/endpoints';
import { cloudFetch, servicePath } from '../client';
import { endpointKeys } from './keys';

/** Registers an endpoint in the organization; attaching it to a service is a separate PATCH. */
export function useEndpointRegisterMutation(organizationId: string, serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: EndpointCreateRequest) =>
      cloudFetch<PrivateEndpointRecord>(servicePath(organizationId, serviceId, 'privateEndpoint'), {
        method: 'POST',
        body: request,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKeys.organization(organizationId) }),
  });
}
