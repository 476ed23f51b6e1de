import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChannelView, CreateChannelInput } from '@/lib/schemas/notifications';
import { successMessage } from '@/lib/notifications/success-meta';
import { apiFetch } from '../client';
import { notificationSettingsKeys } from './keys';

export function useChannelCreateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: successMessage<ChannelView>((channel) => `Channel “${channel.name}” added`),
    mutationFn: async (input: CreateChannelInput) =>
      (await apiFetch<{ data: ChannelView }>('/api/notifications/channels', { method: 'POST', body: input })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationSettingsKeys.channels() }),
  });
}
