import { useQuery } from '@tanstack/react-query';
import type { UserRecord } from '@/lib/schemas/users';
import { apiFetch, type ApiRequestError } from '../client';
import type { QueryOptions } from '../query-options';
import { userKeys } from './keys';

/** The console's users. */
export const fetchUsers = (signal?: AbortSignal) =>
  apiFetch<{ data: UserRecord[] }>('/api/users', { signal }).then((body) => body.data);

export function useUsersQuery<TData = UserRecord[]>(options: QueryOptions<UserRecord[], TData> = {}) {
  return useQuery<UserRecord[], ApiRequestError, TData>({
    queryKey: userKeys.list(),
    queryFn: ({ signal }) => fetchUsers(signal),
    ...options,
  });
}
