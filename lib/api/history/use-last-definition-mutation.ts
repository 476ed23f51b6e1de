import { useMutation } from '@tanstack/react-query';
import type { HistoryKind, VersionEntry } from '@/lib/history/kinds';
import { apiFetch, type ApiRequestError } from '../client';
import type { MutationOptions } from '../query-options';
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

export interface LastDefinitionVariables {
  kind: HistoryKind;
  id: string;
}

export function useLastDefinitionMutation(
  options: MutationOptions<Record<string, unknown>, LastDefinitionVariables> = {},
) {
  return useMutation<Record<string, unknown>, ApiRequestError, LastDefinitionVariables>({
    mutationFn: ({ kind, id }) => fetchLastDefinition(kind, id),
    ...options,
  });
}
