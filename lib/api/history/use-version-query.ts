import { useQueries, useQuery } from '@tanstack/react-query';
import type { HistoryKind } from '@/lib/history/kinds';
import { apiFetch, type ApiRequestError } from '../client';
import type { QueryOptions } from '../query-options';
import { historyKeys, historyPath } from './keys';

export interface StoredVersion {
  version: number;
  object: Record<string, unknown>;
}

/** One stored version of an object. */
export const getVersion = (kind: HistoryKind, id: string, version: number, signal?: AbortSignal) =>
  apiFetch<{ data: StoredVersion }>(historyPath(kind, id, String(version)), { signal }).then((body) => body.data);

/** One version's object; versions never change, so it is read once. */
export function useVersionQuery<TData = StoredVersion>(
  kind: HistoryKind,
  id: string,
  version: number | null,
  options: QueryOptions<StoredVersion, TData> = {},
) {
  return useQuery<StoredVersion, ApiRequestError, TData>({
    queryKey: historyKeys.version(kind, id, version ?? 0),
    queryFn: ({ signal }) => getVersion(kind, id, version!, signal),
    enabled: version !== null,
    staleTime: Infinity,
    ...options,
  });
}

/** Two versions at once, for Compare. */
export function useVersionPairQuery(kind: HistoryKind, id: string, versions: readonly [number, number] | null) {
  return useQueries({
    queries: (versions ?? []).map((version) => ({
      queryKey: historyKeys.version(kind, id, version),
      queryFn: ({ signal }: { signal: AbortSignal }) => getVersion(kind, id, version, signal),
      staleTime: Infinity,
    })),
  });
}
