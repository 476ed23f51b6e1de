import { useQuery } from '@tanstack/react-query';
import type { KeyRecord } from '@/lib/schemas/keys';
import { cloudFetch, cloudPath } from '../client';
import { keyKeys } from './keys';

export function useKeysQuery(organizationId: string) {
  return useQuery({
    queryKey: keyKeys.list(organizationId),
    queryFn: ({ signal }) => cloudFetch<KeyRecord[]>(cloudPath(organizationId, 'keys'), { signal }),
  });
}
