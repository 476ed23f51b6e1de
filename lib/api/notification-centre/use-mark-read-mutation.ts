import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successMessage } from '@/lib/notifications/success-meta';
import { apiFetch } from '../client';
import { inboxKeys } from './keys';
import type { Inbox } from './use-inbox-query';

export type MarkReadVariables = { ids: number[] } | { all: true };

export function useMarkReadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: successMessage<Inbox, MarkReadVariables>((_data, variables) =>
      'all' in variables ? 'All notifications marked read' : 'Marked read',
    ),
    mutationFn: (variables: MarkReadVariables) =>
      apiFetch<Inbox>('/api/notifications/read', { method: 'POST', body: variables }),
    onSuccess: (inbox) => queryClient.setQueryData(inboxKeys.list(), inbox),
  });
}
