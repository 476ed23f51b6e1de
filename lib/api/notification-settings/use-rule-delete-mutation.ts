import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successMessage } from '@/lib/notifications/success-meta';
import { apiFetch, type ApiRequestError } from '../client';
import type { MutationOptions } from '../query-options';
import { notificationSettingsKeys } from './keys';

/** Deletes a notification rule. */
export async function deleteRule(id: string): Promise<unknown> {
  return apiFetch<unknown>(`/api/notifications/rules/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRuleDeleteMutation({ onSuccess, ...options }: MutationOptions<unknown, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiRequestError, string>({
    meta: successMessage('Rule deleted'),
    mutationFn: (variables) => deleteRule(variables),
    ...options,
    onSuccess: async (data, variables, onMutateResult, context) => {
      await queryClient.invalidateQueries({ queryKey: notificationSettingsKeys.rules() });
      await onSuccess?.(data, variables, onMutateResult, context);
    },
  });
}
