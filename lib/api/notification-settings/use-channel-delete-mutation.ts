import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successMessage } from '@/lib/notifications/success-meta';
import { apiFetch } from '../client';
import { notificationSettingsKeys } from './keys';

export function useChannelDeleteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: successMessage('Channel deleted'),
    mutationFn: (id: string) =>
      apiFetch<unknown>(`/api/notifications/channels/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationSettingsKeys.all }),
  });
}
