import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successMessage } from '@/lib/notifications/success-meta';
import { apiFetch, type ApiRequestError } from '../client';
import type { MutationOptions } from '../query-options';
import { notificationSettingsKeys } from './keys';

/** Deletes a channel (its rules and deliveries change with it). */
export async function deleteChannel(id: string): Promise<unknown> {
  return apiFetch<unknown>(`/api/notifications/channels/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useChannelDeleteMutation({ onSuccess, ...options }: MutationOptions<unknown, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiRequestError, string>({
    meta: successMessage('Channel deleted'),
    mutationFn: (variables) => deleteChannel(variables),
    ...options,
    onSuccess: async (data, variables, onMutateResult, context) => {
      await queryClient.invalidateQueries({ queryKey: notificationSettingsKeys.all });
      await onSuccess?.(data, variables, onMutateResult, context);
    },
  });
}
