import { useQuery } from '@tanstack/react-query';
import type { ServiceRecord } from '@/lib/schemas/endpoints';
import { cloudFetch, servicePath } from '../client';
import { endpointKeys } from './keys';

export function useServiceQuery(organizationId: string, serviceId: string) {
  return useQuery({
    queryKey: endpointKeys.service(organizationId, serviceId),
    queryFn: ({ signal }) => cloudFetch<ServiceRecord>(servicePath(organizationId, serviceId), { signal }),
  });
}
