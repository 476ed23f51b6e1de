import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successMessage } from '@/lib/notifications/success-meta';
import type { UserCreateRequest, UserPasswordResult, UserRecord, UserUpdateRequest } from '@/lib/schemas/users';
import { apiFetch } from '../client';
import { userKeys } from './keys';

const userPath = (name: string, ...rest: string[]) => ['/api/users', encodeURIComponent(name), ...rest].join('/');

function useRefreshUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: userKeys.list() });
}

/** Adds a local user; the answer carries the generated password, so it is never cached. */
export function useUserCreateMutation() {
  const refresh = useRefreshUsers();
  return useMutation({
    meta: successMessage<UserPasswordResult>(({ user }) => `User “${user.name}” added`),
    gcTime: 0,
    mutationFn: (request: UserCreateRequest) =>
      apiFetch<{ data: UserPasswordResult }>('/api/users', { method: 'POST', body: request }).then((body) => body.data),
    onSuccess: refresh,
  });
}

export interface UserUpdateVariables {
  name: string;
  patch: UserUpdateRequest;
}

export function useUserUpdateMutation() {
  const refresh = useRefreshUsers();
  return useMutation({
    meta: successMessage<UserRecord>((user) => `Roles of “${user.name}” saved`),
    mutationFn: ({ name, patch }: UserUpdateVariables) =>
      apiFetch<{ data: UserRecord }>(userPath(name), { method: 'PATCH', body: patch }).then((body) => body.data),
    onSuccess: refresh,
  });
}

export function useUserPasswordResetMutation() {
  const refresh = useRefreshUsers();
  return useMutation({
    meta: successMessage<UserPasswordResult>(({ user }) => `New password for “${user.name}” generated`),
    gcTime: 0,
    mutationFn: (name: string) =>
      apiFetch<{ data: UserPasswordResult }>(userPath(name, 'password'), { method: 'POST' }).then((body) => body.data),
    onSuccess: refresh,
  });
}

export function useUserDeleteMutation() {
  const refresh = useRefreshUsers();
  return useMutation({
    meta: successMessage<unknown, string>((_result, name) => `User “${name}” removed`),
    mutationFn: (name: string) => apiFetch<unknown>(userPath(name), { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
