import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RuleView, UpdateRuleInput } from '@/lib/schemas/notifications';
import { successMessage } from '@/lib/notifications/success-meta';
import { apiFetch } from '../client';
import { notificationSettingsKeys } from './keys';

export function useRuleUpdateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: successMessage<RuleView>((rule) => `Rule “${rule.name}” ${rule.enabled ? 'on' : 'off'}`),
    mutationFn: async ({ id, ...input }: UpdateRuleInput & { id: string }) =>
      (
        await apiFetch<{ data: RuleView }>(`/api/notifications/rules/${encodeURIComponent(id)}`, {
          method: 'PATCH',
          body: input,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationSettingsKeys.rules() }),
  });
}
