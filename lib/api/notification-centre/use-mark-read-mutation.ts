import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successMessage } from '@/lib/notifications/success-meta';
import { apiFetch, type ApiRequestError } from '../client';
import type { MutationOptions } from '../query-options';
import { inboxKeys } from './keys';
import type { Inbox } from './use-inbox-query';

export type MarkReadVariables = { ids: number[] } | { all: true };

/** Marks messages (or all of them) read; answers the inbox as it is then. */
export function markRead(variables: MarkReadVariables): Promise<Inbox> {
  return apiFetch<Inbox>('/api/notifications/read', { method: 'POST', body: variables });
}

export function useMarkReadMutation({ onSuccess, ...options }: MutationOptions<Inbox, MarkReadVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation<Inbox, ApiRequestError, MarkReadVariables>({
    meta: successMessage<Inbox, MarkReadVariables>((_data, variables) =>
      'all' in variables ? 'All notifications marked read' : 'Marked read',
    ),
    mutationFn: (variables) => markRead(variables),
    ...options,
    onSuccess: async (inbox, variables, onMutateResult, context) => {
      queryClient.setQueryData(inboxKeys.list(), inbox);
      await onSuccess?.(inbox, variables, onMutateResult, context);
    },
  });
}
