import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChannelView, CreateChannelInput } from '@/lib/schemas/notifications';
import { successMessage } from '@/lib/notifications/success-meta';
import { apiFetch, type ApiRequestError } from '../client';
import type { MutationOptions } from '../query-options';
import { notificationSettingsKeys } from './keys';

/** Adds a notification channel. */
export async function createChannel(input: CreateChannelInput): Promise<ChannelView> {
  return (await apiFetch<{ data: ChannelView }>('/api/notifications/channels', { method: 'POST', body: input })).data;
}

export function useChannelCreateMutation({
  onSuccess,
  ...options
}: MutationOptions<ChannelView, CreateChannelInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation<ChannelView, ApiRequestError, CreateChannelInput>({
    meta: successMessage<ChannelView>((channel) => `Channel “${channel.name}” added`),
    mutationFn: (variables) => createChannel(variables),
    ...options,
    onSuccess: async (data, variables, onMutateResult, context) => {
      await queryClient.invalidateQueries({ queryKey: notificationSettingsKeys.channels() });
      await onSuccess?.(data, variables, onMutateResult, context);
    },
  });
}
