import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HistoryKind } from '@/lib/history/kinds';
import { successMessage } from '@/lib/notifications/success-meta';
import { apiFetch, type ApiRequestError } from '../client';
import type { MutationOptions } from '../query-options';
import { historyKeys, historyPath } from './keys';

export interface RestoreVariables {
  version: number;
  /** The ETag from the history read; a change since answers 412 with the object as it is now. */
  etag: string | null;
  /** Restore as a new object (the original is gone upstream). */
  asNew?: boolean;
}

type Restored = { data: Record<string, unknown> };

/** Restores a version of an object, conditional on the ETag the history was read with. */
export function restoreVersion(
  kind: HistoryKind,
  id: string,
  { version, etag, asNew }: RestoreVariables,
): Promise<Restored> {
  return apiFetch<Restored>(historyPath(kind, id, 'restore'), {
    method: 'POST',
    body: asNew ? { version, asNew: true } : { version },
    headers: etag ? { 'If-Match': etag } : undefined,
  });
}

/**
 * Restores a version. The caller's `onSuccess` lets the page reload what it shows (the dashboard
 * editor starts again from the restored dashboard).
 */
export function useRestoreMutation(
  kind: HistoryKind,
  id: string,
  { onSettled, ...options }: MutationOptions<Restored, RestoreVariables> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<Restored, ApiRequestError, RestoreVariables>({
    mutationFn: (variables) => restoreVersion(kind, id, variables),
    meta: successMessage<unknown, RestoreVariables>((_data, { version, asNew }) =>
      asNew ? `Version ${version} restored as a new object` : `Version ${version} restored`,
    ),
    ...options,
    onSettled: async (data, error, variables, onMutateResult, context) => {
      await queryClient.invalidateQueries({ queryKey: historyKeys.object(kind, id) });
      await onSettled?.(data, error, variables, onMutateResult, context);
    },
  });
}
