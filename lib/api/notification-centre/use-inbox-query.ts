import { useQuery } from '@tanstack/react-query';
import type { InboxMessage } from '@/lib/schemas/notifications';
import { apiFetch, type ApiRequestError } from '../client';
import type { QueryOptions } from '../query-options';
import { inboxKeys } from './keys';

export interface Inbox {
  data: InboxMessage[];
  unread: number;
}

/** How often the bell looks for new messages while a page is open. */
export const INBOX_REFRESH_MS = 15_000;

/** The signed-in user's messages and how many are unread. */
export function getInbox(signal?: AbortSignal): Promise<Inbox> {
  return apiFetch<Inbox>('/api/notifications', { signal });
}

export function useInboxQuery<TData = Inbox>(options: QueryOptions<Inbox, TData> = {}) {
  return useQuery<Inbox, ApiRequestError, TData>({
    queryKey: inboxKeys.list(),
    queryFn: ({ signal }) => getInbox(signal),
    refetchInterval: INBOX_REFRESH_MS,
    ...options,
  });
}
