import { useQuery } from '@tanstack/react-query';
import type { InboxMessage } from '@/lib/schemas/notifications';
import { apiFetch } from '../client';
import { inboxKeys } from './keys';

export interface Inbox {
  data: InboxMessage[];
  unread: number;
}

/** How often the bell looks for new messages while a page is open. */
export const INBOX_REFRESH_MS = 15_000;

export function useInboxQuery() {
  return useQuery({
    queryKey: inboxKeys.list(),
    queryFn: ({ signal }) => apiFetch<Inbox>('/api/notifications', { signal }),
    refetchInterval: INBOX_REFRESH_MS,
  });
}
