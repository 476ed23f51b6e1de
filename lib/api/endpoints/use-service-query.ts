import { useQuery } from '@tanstack/react-query';
import type { ServiceRecord } from '@/lib/schemas/endpoints';
import { cloudFetch, servicePath, type ApiRequestError } from '../client';
import type { QueryOptions } from '../query-options';
import { endpointKeys } from './keys';

/** The service's record, with the private endpoint ids attached to it. */
export function getService(organizationId: string, serviceId: string, signal?: AbortSignal): Promise<ServiceRecord> {
  return cloudFetch<ServiceRecord>(servicePath(organizationId, serviceId), { signal });
}

export function useServiceQuery<TData = ServiceRecord>(
  organizationId: string,
  serviceId: string,
  options: QueryOptions<ServiceRecord, TData> = {},
) {
  return useQuery<ServiceRecord, ApiRequestError, TData>({
    queryKey: endpointKeys.service(organizationId, serviceId),
    queryFn: ({ signal }) => getService(organizationId, serviceId, signal),
    ...options,
  });
}
