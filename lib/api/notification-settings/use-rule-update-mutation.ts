import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RuleView, UpdateRuleInput } from '@/lib/schemas/notifications';
import { successMessage } from '@/lib/notifications/success-meta';
import { apiFetch, type ApiRequestError } from '../client';
import type { MutationOptions } from '../query-options';
import { notificationSettingsKeys } from './keys';

export type RuleUpdateVariables = UpdateRuleInput & { id: string };

/** Changes a notification rule. */
export async function updateRule({ id, ...input }: RuleUpdateVariables): Promise<RuleView> {
  return (
    await apiFetch<{ data: RuleView }>(`/api/notifications/rules/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: input,
    })
  ).data;
}

export function useRuleUpdateMutation({ onSuccess, ...options }: MutationOptions<RuleView, RuleUpdateVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation<RuleView, ApiRequestError, RuleUpdateVariables>({
    meta: successMessage<RuleView>((rule) => `Rule “${rule.name}” ${rule.enabled ? 'on' : 'off'}`),
    mutationFn: (variables) => updateRule(variables),
    ...options,
    onSuccess: async (data, variables, onMutateResult, context) => {
      await queryClient.invalidateQueries({ queryKey: notificationSettingsKeys.rules() });
      await onSuccess?.(data, variables, onMutateResult, context);
    },
  });
}
