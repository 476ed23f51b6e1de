import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successMessage } from '@/lib/notifications/success-meta';
import { apiFetch } from '../client';
import { notificationSettingsKeys } from './keys';

export function useDeliveryRetryMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: successMessage('Delivery queued to be sent now'),
    mutationFn: (id: string) =>
      apiFetch<unknown>(`/api/notifications/deliveries/${encodeURIComponent(id)}/retry`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationSettingsKeys.deliveries() }),
  });
}
