import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successMessage } from '@/lib/notifications/success-meta';
import { apiFetch } from '../client';
import { notificationSettingsKeys } from './keys';

export function useRuleDeleteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: successMessage('Rule deleted'),
    mutationFn: (id: string) =>
      apiFetch<unknown>(`/api/notifications/rules/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationSettingsKeys.rules() }),
  });
}
