import { useQuery } from '@tanstack/react-query';
import type { OrganizationRecord } from '@/lib/schemas/endpoints';
import { cloudFetch, cloudPath, type ApiRequestError } from '../client';
import type { QueryOptions } from '../query-options';
import { endpointKeys } from './keys';

/** The organization's record, with its private endpoints. */
export function getOrganization(organizationId: string, signal?: AbortSignal): Promise<OrganizationRecord> {
  return cloudFetch<OrganizationRecord>(cloudPath(organizationId), { signal });
}

export function useOrganizationQuery<TData = OrganizationRecord>(
  organizationId: string,
  options: QueryOptions<OrganizationRecord, TData> = {},
) {
  return useQuery<OrganizationRecord, ApiRequestError, TData>({
    queryKey: endpointKeys.organization(organizationId),
    queryFn: ({ signal }) => getOrganization(organizationId, signal),
    ...options,
  });
}
