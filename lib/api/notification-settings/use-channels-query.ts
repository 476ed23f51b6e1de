import { useQuery } from '@tanstack/react-query';
import type { ChannelView } from '@/lib/schemas/notifications';
import { apiFetch, type ApiRequestError } from '../client';
import type { QueryOptions } from '../query-options';
import { notificationSettingsKeys } from './keys';

/** The notification channels (webhooks, e-mail, chat). */
export async function getChannels(signal?: AbortSignal): Promise<ChannelView[]> {
  return (await apiFetch<{ data: ChannelView[] }>('/api/notifications/channels', { signal })).data;
}

export function useChannelsQuery<TData = ChannelView[]>(options: QueryOptions<ChannelView[], TData> = {}) {
  return useQuery<ChannelView[], ApiRequestError, TData>({
    queryKey: notificationSettingsKeys.channels(),
    queryFn: ({ signal }) => getChannels(signal),
    ...options,
  });
}
