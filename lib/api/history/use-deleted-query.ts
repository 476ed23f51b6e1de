import { useQuery } from '@tanstack/react-query';
import type { DeletedEntry } from '@/lib/history/kinds';
import { apiFetch, type ApiRequestError } from '../client';
import type { QueryOptions } from '../query-options';
import { historyKeys } from './keys';

/** Objects deleted through Sluice that can still be restored, newest first. */
export function getDeleted(signal?: AbortSignal): Promise<DeletedEntry[]> {
  return apiFetch<{ data: DeletedEntry[] }>('/api/history/deleted', { signal }).then((body) => body.data);
}

export function useDeletedQuery<TData = DeletedEntry[]>(options: QueryOptions<DeletedEntry[], TData> = {}) {
  return useQuery<DeletedEntry[], ApiRequestError, TData>({
    queryKey: historyKeys.deleted(),
    queryFn: ({ signal }) => getDeleted(signal),
    ...options,
  });
}
