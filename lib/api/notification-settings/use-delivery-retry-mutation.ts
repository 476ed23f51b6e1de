import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successMessage } from '@/lib/notifications/success-meta';
import { apiFetch, type ApiRequestError } from '../client';
import type { MutationOptions } from '../query-options';
import { notificationSettingsKeys } from './keys';

/** Sends a delivery again now. */
export async function retryDelivery(id: string): Promise<unknown> {
  return apiFetch<unknown>(`/api/notifications/deliveries/${encodeURIComponent(id)}/retry`, { method: 'POST' });
}

export function useDeliveryRetryMutation({ onSuccess, ...options }: MutationOptions<unknown, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiRequestError, string>({
    meta: successMessage('Delivery queued to be sent now'),
    mutationFn: (variables) => retryDelivery(variables),
    ...options,
    onSuccess: async (data, variables, onMutateResult, context) => {
      await queryClient.invalidateQueries({ queryKey: notificationSettingsKeys.deliveries() });
      await onSuccess?.(data, variables, onMutateResult, context);
    },
  });
}
