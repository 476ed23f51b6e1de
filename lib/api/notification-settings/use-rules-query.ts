import { useQuery } from '@tanstack/react-query';
import type { RuleView } from '@/lib/schemas/notifications';
import { apiFetch, type ApiRequestError } from '../client';
import type { QueryOptions } from '../query-options';
import { notificationSettingsKeys } from './keys';

/** The notification rules. */
export async function getRules(signal?: AbortSignal): Promise<RuleView[]> {
  return (await apiFetch<{ data: RuleView[] }>('/api/notifications/rules', { signal })).data;
}

export function useRulesQuery<TData = RuleView[]>(options: QueryOptions<RuleView[], TData> = {}) {
  return useQuery<RuleView[], ApiRequestError, TData>({
    queryKey: notificationSettingsKeys.rules(),
    queryFn: ({ signal }) => getRules(signal),
    ...options,
  });
}
