import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, type ApiRequestError } from '../client';
import type { MutationOptions } from '../query-options';
import { notificationSettingsKeys } from './keys';

export interface ChannelTestResult {
  deliveryId: string;
  channelId: string;
  delivered: boolean;
  responseCode?: number;
  error?: string;
}

/** Sends a test message through a channel, at once. */
export async function testChannel(id: string): Promise<ChannelTestResult> {
  return (
    await apiFetch<{ data: ChannelTestResult }>(`/api/notifications/channels/${encodeURIComponent(id)}/test`, {
      method: 'POST',
    })
  ).data;
}

/** "Send a test": the answer says whether it arrived; the page shows it (a failure is not an error of the request). */
export function useChannelTestMutation({ onSuccess, ...options }: MutationOptions<ChannelTestResult, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation<ChannelTestResult, ApiRequestError, string>({
    mutationFn: (id) => testChannel(id),
    ...options,
    onSuccess: async (result, id, onMutateResult, context) => {
      await queryClient.invalidateQueries({ queryKey: notificationSettingsKeys.all });
      await onSuccess?.(result, id, onMutateResult, context);
    },
  });
}
