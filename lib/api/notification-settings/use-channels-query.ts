import { useQuery } from '@tanstack/react-query';
import type { ChannelView } from '@/lib/schemas/notifications';
import { apiFetch } from '../client';
import { notificationSettingsKeys } from './keys';

export function useChannelsQuery() {
  return useQuery({
    queryKey: notificationSettingsKeys.channels(),
    queryFn: async ({ signal }) =>
      (await apiFetch<{ data: ChannelView[] }>('/api/notifications/channels', { signal })).data,
  });
}
