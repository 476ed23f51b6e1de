import { useQueries, useQuery } from '@tanstack/react-query';
import type { HistoryKind } from '@/lib/history/kinds';
import { apiFetch } from '../client';
import { historyKeys, historyPath } from './keys';

export interface StoredVersion {
  version: number;
  object: Record<string, unknown>;
}

const fetchVersion = (kind: HistoryKind, id: string, version: number, signal?: AbortSignal) =>
  apiFetch<{ data: StoredVersion }>(historyPath(kind, id, String(version)), { signal }).then((body) => body.data);

/** One version's object; versions never change, so it is read once. */
export function useVersionQuery(kind: HistoryKind, id: string, version: number | null) {
  return useQuery({
    queryKey: historyKeys.version(kind, id, version ?? 0),
    queryFn: ({ signal }) => fetchVersion(kind, id, version!, signal),
    enabled: version !== null,
    staleTime: Infinity,
  });
}

/** Two versions at once, for Compare. */
export function useVersionPairQuery(kind: HistoryKind, id: string, versions: readonly [number, number] | null) {
  return useQueries({
    queries: (versions ?? []).map((version) => ({
      queryKey: historyKeys.version(kind, id, version),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchVersion(kind, id, version, signal),
      staleTime: Infinity,
    })),
  });
}
