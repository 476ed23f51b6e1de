import { useQuery } from '@tanstack/react-query';
import type { DeliveryView } from '@/lib/schemas/notifications';
import { apiFetch } from '../client';
import { notificationSettingsKeys } from './keys';

export function useDeliveriesQuery() {
  return useQuery({
    queryKey: notificationSettingsKeys.deliveries(),
    queryFn: async ({ signal }) =>
      (await apiFetch<{ data: DeliveryView[] }>('/api/notifications/deliveries', { signal })).data,
    refetchInterval: 10_000,
  });
}
