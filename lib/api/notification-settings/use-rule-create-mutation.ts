import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateRuleInput, RuleView } from '@/lib/schemas/notifications';
import { successMessage } from '@/lib/notifications/success-meta';
import { apiFetch } from '../client';
import { notificationSettingsKeys } from './keys';

export function useRuleCreateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: successMessage<RuleView>((rule) => `Rule “${rule.name}” added`),
    mutationFn: async (input: CreateRuleInput) =>
      (await apiFetch<{ data: RuleView }>('/api/notifications/rules', { method: 'POST', body: input })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationSettingsKeys.rules() }),
  });
}
