import { useQuery } from '@tanstack/react-query';
import type { DeletedEntry } from '@/lib/history/kinds';
import { apiFetch } from '../client';
import { historyKeys } from './keys';

/** Objects deleted through Sluice that can still be restored, newest first. */
export function useDeletedQuery() {
  return useQuery({
    queryKey: historyKeys.deleted(),
    queryFn: ({ signal }) =>
      apiFetch<{ data: DeletedEntry[] }>('/api/history/deleted', { signal }).then((body) => body.data),
  });
}
