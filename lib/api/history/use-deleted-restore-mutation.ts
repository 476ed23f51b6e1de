import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kindNoun, type DeletedEntry } from '@/lib/history/kinds';
import { successMessage } from '@/lib/notifications/success-meta';
import { alertKeys } from '../alerts/keys';
import { apiFetch, type ApiRequestError } from '../client';
import { dashboardKeys } from '../dashboards/keys';
import type { MutationOptions } from '../query-options';
import { historyKeys } from './keys';

type Restored = { data: { id: string } };

/** Restores a deleted dashboard or alert as a new object (a dashboard with the alerts deleted with it). */
export function restoreDeleted(entry: DeletedEntry): Promise<Restored> {
  return apiFetch<Restored>(
    `/api/history/deleted/${encodeURIComponent(entry.kind)}/${encodeURIComponent(entry.id)}/restore`,
    { method: 'POST' },
  );
}

export function useDeletedRestoreMutation({ onSettled, ...options }: MutationOptions<Restored, DeletedEntry> = {}) {
  const queryClient = useQueryClient();
  return useMutation<Restored, ApiRequestError, DeletedEntry>({
    mutationFn: (entry) => restoreDeleted(entry),
    meta: successMessage<unknown, DeletedEntry>((_data, entry) => `Restored ${kindNoun(entry.kind)} “${entry.name}”`),
    ...options,
    onSettled: async (data, error, entry, onMutateResult, context) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: historyKeys.deleted() }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
        queryClient.invalidateQueries({ queryKey: alertKeys.all }),
      ]);
      await onSettled?.(data, error, entry, onMutateResult, context);
    },
  });
}
