import { useQuery } from '@tanstack/react-query';
import { cloudFetch, cloudPath } from '../client';
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

export const fetchServices = (organizationId: string, signal?: AbortSignal) =>
  cloudFetch<ServiceSummary[]>(cloudPath(organizationId, 'services'), { signal });

export function useServicesQuery(organizationId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: serviceKeys.list(organizationId),
    queryFn: ({ signal }) => fetchServices(organizationId, signal),
    // Services change rarely; the cloud budget is shared.
    staleTime: 60_000,
    ...options,
  });
}
