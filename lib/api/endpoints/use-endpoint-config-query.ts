import { useQuery } from '@tanstack/react-query';
import type { PrivateEndpointConfig } from '@/lib/schemas/endpoints';
import { cloudFetch, servicePath, type ApiRequestError } from '../client';
import type { QueryOptions } from '../query-options';
import { endpointKeys } from './keys';

/** The service's private endpoint configuration (the endpoint service to connect to). */
export function getEndpointConfig(
  organizationId: string,
  serviceId: string,
  signal?: AbortSignal,
): Promise<PrivateEndpointConfig> {
  return cloudFetch<PrivateEndpointConfig>(servicePath(organizationId, serviceId, 'privateEndpointConfig'), { signal });
}

export function useEndpointConfigQuery<TData = PrivateEndpointConfig>(
  organizationId: string,
  serviceId: string,
  options: QueryOptions<PrivateEndpointConfig, TData> = {},
) {
  return useQuery<PrivateEndpointConfig, ApiRequestError, TData>({
    queryKey: endpointKeys.config(organizationId, serviceId),
    queryFn: ({ signal }) => getEndpointConfig(organizationId, serviceId, signal),
    // The endpoint service of a service does not change while the console is open.
    staleTime: 5 * 60_000,
    ...options,
  });
}
