import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceEndpointsPatch, ServiceRecord } from '@/lib/schemas/endpoints';
import { cloudFetch, servicePath, type ApiRequestError } from '../client';
import type { MutationOptions } from '../query-options';
import { endpointKeys } from './keys';

type EndpointIds = ServiceEndpointsPatch['privateEndpointIds'];

/** Attaches (`add`) or detaches (`remove`) endpoint ids on the service. */
export function patchServiceEndpoints(
  organizationId: string,
  serviceId: string,
  privateEndpointIds: EndpointIds,
): Promise<ServiceRecord> {
  return cloudFetch<ServiceRecord>(servicePath(organizationId, serviceId), {
    method: 'PATCH',
    body: { privateEndpointIds } satisfies ServiceEndpointsPatch,
  });
}

export function useServiceEndpointsMutation(
  organizationId: string,
  serviceId: string,
  { onSuccess, ...options }: MutationOptions<ServiceRecord, EndpointIds> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<ServiceRecord, ApiRequestError, EndpointIds>({
    mutationFn: (privateEndpointIds) => patchServiceEndpoints(organizationId, serviceId, privateEndpointIds),
    ...options,
    onSuccess: async (service, ids, onMutateResult, context) => {
      if (service) queryClient.setQueryData(endpointKeys.service(organizationId, serviceId), service);
      await queryClient.invalidateQueries({ queryKey: endpointKeys.service(organizationId, serviceId) });
      await onSuccess?.(service, ids, onMutateResult, context);
    },
  });
}
