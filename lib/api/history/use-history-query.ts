import { useQuery } from '@tanstack/react-query';
import type { HistoryKind, VersionEntry } from '@/lib/history/kinds';
import { apiFetchWithHeaders, type ApiRequestError } from '../client';
import type { QueryOptions } from '../query-options';
import { historyKeys, historyPath } from './keys';

export interface ObjectHistory {
  versions: VersionEntry[];
  /** The object's ETag when the history was read: a restore's If-Match. */
  etag: string | null;
}

/** The versions of one object, newest first; reading them also notices a change made outside Sluice. */
export async function getHistory(kind: HistoryKind, id: string, signal?: AbortSignal): Promise<ObjectHistory> {
  const { data, headers } = await apiFetchWithHeaders<{ data: VersionEntry[] }>(historyPath(kind, id), { signal });
  return { versions: data.data, etag: headers.get('etag') };
}

export function useHistoryQuery<TData = ObjectHistory>(
  kind: HistoryKind,
  id: string,
  options: QueryOptions<ObjectHistory, TData> = {},
) {
  return useQuery<ObjectHistory, ApiRequestError, TData>({
    queryKey: historyKeys.list(kind, id),
    queryFn: ({ signal }) => getHistory(kind, id, signal),
    ...options,
  });
}
