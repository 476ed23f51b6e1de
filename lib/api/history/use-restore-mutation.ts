import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HistoryKind } from '@/lib/history/kinds';
import { successMessage } from '@/lib/notifications/success-meta';
import { apiFetch } from '../client';
import { historyKeys, historyPath } from './keys';

export interface RestoreVariables {
  version: number;
  /** The ETag from the history read; a change since answers 412 with the object as it is now. */
  etag: string | null;
  /** Restore as a new object (the original is gone upstream). */
  asNew?: boolean;
}

/**
 * Restores a version. `onRestored` lets the page reload what it shows (the dashboard editor
 * starts again from the restored dashboard).
 */
export function useRestoreMutation(kind: HistoryKind, id: string, onRestored?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ version, etag, asNew }: RestoreVariables) =>
      apiFetch<{ data: Record<string, unknown> }>(historyPath(kind, id, 'restore'), {
        method: 'POST',
        body: asNew ? { version, asNew: true } : { version },
        headers: etag ? { 'If-Match': etag } : undefined,
      }),
    meta: successMessage<unknown, RestoreVariables>((_data, { version, asNew }) =>
      asNew ? `Version ${version} restored as a new object` : `Version ${version} restored`,
    ),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: historyKeys.object(kind, id) });
    },
    onSuccess: () => onRestored?.(),
  });
}
