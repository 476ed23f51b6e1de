import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../client';
import { notificationSettingsKeys } from './keys';

export interface ChannelTestResult {
  deliveryId: string;
  channelId: string;
  delivered: boolean;
  responseCode?: number;
  error?: string;
}

/** "Send a test": the answer says whether it arrived; the page shows it (a failure is not an error of the request). */
export function useChannelTestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await apiFetch<{ data: ChannelTestResult }>(`/api/notifications/channels/${encodeURIComponent(id)}/test`, {
          method: 'POST',
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationSettingsKeys.all }),
  });
}
