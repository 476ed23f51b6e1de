import { useQuery } from '@tanstack/react-query';
import type { HistoryKind, VersionEntry } from '@/lib/history/kinds';
import { apiFetchWithHeaders } from '../client';
import { historyKeys, historyPath } from './keys';

export interface ObjectHistory {
  versions: VersionEntry[];
  /** The object's ETag when the history was read: a restore's If-Match. */
  etag: string | null;
}

/** The versions of one object, newest first; reading them also notices a change made outside Sluice. */
export function useHistoryQuery(kind: HistoryKind, id: string, enabled = true) {
  return useQuery({
    queryKey: historyKeys.list(kind, id),
    queryFn: async ({ signal }): Promise<ObjectHistory> => {
      const { data, headers } = await apiFetchWithHeaders<{ data: VersionEntry[] }>(historyPath(kind, id), { signal });
      return { versions: data.data, etag: headers.get('etag') };
    },
    enabled,
  });
}
