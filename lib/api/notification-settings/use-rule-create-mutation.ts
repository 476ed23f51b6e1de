import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateRuleInput, RuleView } from '@/lib/schemas/notifications';
import { successMessage } from '@/lib/notifications/success-meta';
import { apiFetch, type ApiRequestError } from '../client';
import type { MutationOptions } from '../query-options';
import { notificationSettingsKeys } from './keys';

/** Adds a notification rule. */
export async function createRule(input: CreateRuleInput): Promise<RuleView> {
  return (await apiFetch<{ data: RuleView }>('/api/notifications/rules', { method: 'POST', body: input })).data;
}

export function useRuleCreateMutation({ onSuccess, ...options }: MutationOptions<RuleView, CreateRuleInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation<RuleView, ApiRequestError, CreateRuleInput>({
    meta: successMessage<RuleView>((rule) => `Rule “${rule.name}” added`),
    mutationFn: (variables) => createRule(variables),
    ...options,
    onSuccess: async (data, variables, onMutateResult, context) => {
      await queryClient.invalidateQueries({ queryKey: notificationSettingsKeys.rules() });
      await onSuccess?.(data, variables, onMutateResult, context);
    },
  });
}
