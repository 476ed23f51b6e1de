import { useQuery } from '@tanstack/react-query';
import type { UserRecord } from '@/lib/schemas/users';
import { apiFetch } from '../client';
import { userKeys } from './keys';

export const fetchUsers = (signal?: AbortSignal) =>
  apiFetch<{ data: UserRecord[] }>('/api/users', { signal }).then((body) => body.data);

export function useUsersQuery(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: userKeys.list(), queryFn: ({ signal }) => fetchUsers(signal), ...options });
}
