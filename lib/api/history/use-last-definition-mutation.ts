import { useMutation } from '@tanstack/react-query';
import type { HistoryKind, VersionEntry } from '@/lib/history/kinds';
import { apiFetch } from '../client';
import { historyPath } from './keys';
import type { StoredVersion } from './use-version-query';

/** The newest stored version of an object (a deleted pipe's last definition), read on demand. */
export async function fetchLastDefinition(kind: HistoryKind, id: string): Promise<Record<string, unknown>> {
  const list = await apiFetch<{ data: VersionEntry[] }>(historyPath(kind, id));
  const newest = list.data[0];
  if (!newest) throw new Error('Sluice kept no definition of this object');
  const stored = await apiFetch<{ data: StoredVersion }>(historyPath(kind, id, String(newest.version)));
  return stored.data.object;
}

export function useLastDefinitionMutation() {
  return useMutation({
    mutationFn: ({ kind, id }: { kind: HistoryKind; id: string }) => fetchLastDefinition(kind, id),
  });
}
