import { useQuery } from '@tanstack/react-query';
import { cloudFetch, cloudPath, type ApiRequestError } from '../client';
import type { QueryOptions } from '../query-options';
import { serviceKeys } from './keys';

/** A service of the organization as the console shows it; the cloud record carries more. */
export interface ServiceSummary {
  id: string;
  name: string;
  provider?: string;
  region?: string;
  state?: string;
}

export { serviceKeys };

/** The organization's services. */
export const fetchServices = (organizationId: string, signal?: AbortSignal) =>
  cloudFetch<ServiceSummary[]>(cloudPath(organizationId, 'services'), { signal });

export function useServicesQuery<TData = ServiceSummary[]>(
  organizationId: string,
  options: QueryOptions<ServiceSummary[], TData> = {},
) {
  return useQuery<ServiceSummary[], ApiRequestError, TData>({
    queryKey: serviceKeys.list(organizationId),
    queryFn: ({ signal }) => fetchServices(organizationId, signal),
    // Services change rarely; the cloud budget is shared.
    staleTime: 60_000,
    ...options,
  });
}
