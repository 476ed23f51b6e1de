import { useQuery } from '@tanstack/react-query';
import type { DeliveryView } from '@/lib/schemas/notifications';
import { apiFetch, type ApiRequestError } from '../client';
import type { QueryOptions } from '../query-options';
import { notificationSettingsKeys } from './keys';

/** The latest deliveries of notifications, with their attempts. */
export async function getDeliveries(signal?: AbortSignal): Promise<DeliveryView[]> {
  return (await apiFetch<{ data: DeliveryView[] }>('/api/notifications/deliveries', { signal })).data;
}

export function useDeliveriesQuery<TData = DeliveryView[]>(options: QueryOptions<DeliveryView[], TData> = {}) {
  return useQuery<DeliveryView[], ApiRequestError, TData>({
    queryKey: notificationSettingsKeys.deliveries(),
    queryFn: ({ signal }) => getDeliveries(signal),
    refetchInterval: 10_000,
    ...options,
  });
}
