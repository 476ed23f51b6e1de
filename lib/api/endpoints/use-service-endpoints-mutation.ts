import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceEndpointsPatch, ServiceRecord } from '@/lib/schemas/endpoints';
import { cloudFetch, servicePath } from '../client';
import { endpointKeys } from './keys';

/** Attaches (`add`) or detaches (`remove`) endpoint ids on the service. */
export function useServiceEndpointsMutation(organizationId: string, serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (privateEndpointIds: ServiceEndpointsPatch['privateEndpointIds']) =>
      cloudFetch<ServiceRecord>(servicePath(organizationId, serviceId), {
        method: 'PATCH',
        body: { privateEndpointIds } satisfies ServiceEndpointsPatch,
      }),
    onSuccess: async (service) => {
      if (service) queryClient.setQueryData(endpointKeys.service(organizationId, serviceId), service);
      await queryClient.invalidateQueries({ queryKey: endpointKeys.service(organizationId, serviceId) });
    },
  });
}
