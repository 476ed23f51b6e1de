import { useQuery } from '@tanstack/react-query';
import type { KeyRecord } from '@/lib/schemas/keys';
import { cloudFetch, cloudPath, type ApiRequestError } from '../client';
import type { QueryOptions } from '../query-options';
import { keyKeys } from './keys';

/** The organization's API keys. */
export function getKeys(organizationId: string, signal?: AbortSignal): Promise<KeyRecord[]> {
  return cloudFetch<KeyRecord[]>(cloudPath(organizationId, 'keys'), { signal });
}

export function useKeysQuery<TData = KeyRecord[]>(
  organizationId: string,
  options: QueryOptions<KeyRecord[], TData> = {},
) {
  return useQuery<KeyRecord[], ApiRequestError, TData>({
    queryKey: keyKeys.list(organizationId),
    queryFn: ({ signal }) => getKeys(organizationId, signal),
    ...options,
  });
}
