import { useQuery } from '@tanstack/react-query';
import type { OrganizationRecord } from '@/lib/schemas/endpoints';
import { cloudFetch, cloudPath } from '../client';
import { endpointKeys } from './keys';

export function useOrganizationQuery(organizationId: string) {
  return useQuery({
    queryKey: endpointKeys.organization(organizationId),
    queryFn: ({ signal }) => cloudFetch<OrganizationRecord>(cloudPath(organizationId), { signal }),
  });
}
