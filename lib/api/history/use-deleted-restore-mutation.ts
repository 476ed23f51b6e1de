import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kindNoun, type DeletedEntry } from '@/lib/history/kinds';
import { successMessage } from '@/lib/notifications/success-meta';
import { alertKeys } from '../alerts/keys';
import { apiFetch } from '../client';
import { dashboardKeys } from '../dashboards/keys';
import { historyKeys } from './keys';

/** Restores a deleted dashboard or alert as a new object (a dashboard with the alerts deleted with it). */
export function useDeletedRestoreMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry: DeletedEntry) =>
      apiFetch<{ data: { id: string } }>(
        `/api/history/deleted/${encodeURIComponent(entry.kind)}/${encodeURIComponent(entry.id)}/restore`,
        { method: 'POST' },
      ),
    meta: successMessage<unknown, DeletedEntry>((_data, entry) => `Restored ${kindNoun(entry.kind)} “${entry.name}”`),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: historyKeys.deleted() }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
        queryClient.invalidateQueries({ queryKey: alertKeys.all }),
      ]);
    },
  });
}
