import { useQuery } from '@tanstack/react-query';
import type { PrivateEndpointConfig } from '@/lib/schemas/endpoints';
import { cloudFetch, servicePath } from '../client';
import { endpointKeys } from './keys';

export function useEndpointConfigQuery(organizationId: string, serviceId: string) {
  return useQuery({
    queryKey: endpointKeys.config(organizationId, serviceId),
    queryFn: ({ signal }) =>
      cloudFetch<PrivateEndpointConfig>(servicePath(organizationId, serviceId, 'privateEndpointConfig'), { signal }),
    // The endpoint service of a service does not change while the console is open.
    staleTime: 5 * 60_000,
  });
}
