import { useQuery } from '@tanstack/react-query';
import type { RuleView } from '@/lib/schemas/notifications';
import { apiFetch } from '../client';
import { notificationSettingsKeys } from './keys';

export function useRulesQuery() {
  return useQuery({
    queryKey: notificationSettingsKeys.rules(),
    queryFn: async ({ signal }) => (await apiFetch<{ data: RuleView[] }>('/api/notifications/rules', { signal })).data,
  });
}
