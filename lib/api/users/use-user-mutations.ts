import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successMessage } from '@/lib/notifications/success-meta';
import type { UserCreateRequest, UserPasswordResult, UserRecord, UserUpdateRequest } from '@/lib/schemas/users';
import { apiFetch, type ApiRequestError } from '../client';
import type { MutationOptions } from '../query-options';
import { userKeys } from './keys';

const userPath = (name: string, ...rest: string[]) => ['/api/users', encodeURIComponent(name), ...rest].join('/');

/** The users list read again after a change, then the caller's own `onSuccess`. */
function useRefreshUsers<TData, TVariables>(onSuccess: MutationOptions<TData, TVariables>['onSuccess']) {
  const queryClient = useQueryClient();
  return async (...args: Parameters<NonNullable<MutationOptions<TData, TVariables>['onSuccess']>>) => {
    await queryClient.invalidateQueries({ queryKey: userKeys.list() });
    await onSuccess?.(...args);
  };
}

/** Adds a local user; the answer carries the generated password. */
export const createUser = (request: UserCreateRequest) =>
  apiFetch<{ data: UserPasswordResult }>('/api/users', { method: 'POST', body: request }).then((body) => body.data);

/** Adds a local user; the answer carries the generated password, so it is never cached. */
export function useUserCreateMutation({
  onSuccess,
  ...options
}: MutationOptions<UserPasswordResult, UserCreateRequest> = {}) {
  const refresh = useRefreshUsers(onSuccess);
  return useMutation<UserPasswordResult, ApiRequestError, UserCreateRequest>({
    meta: successMessage<UserPasswordResult>(({ user }) => `User “${user.name}” added`),
    mutationFn: (request) => createUser(request),
    ...options,
    gcTime: 0,
    onSuccess: refresh,
  });
}

export interface UserUpdateVariables {
  name: string;
  patch: UserUpdateRequest;
}

/** Changes a user's roles. */
export const updateUser = ({ name, patch }: UserUpdateVariables) =>
  apiFetch<{ data: UserRecord }>(userPath(name), { method: 'PATCH', body: patch }).then((body) => body.data);

export function useUserUpdateMutation({
  onSuccess,
  ...options
}: MutationOptions<UserRecord, UserUpdateVariables> = {}) {
  const refresh = useRefreshUsers(onSuccess);
  return useMutation<UserRecord, ApiRequestError, UserUpdateVariables>({
    meta: successMessage<UserRecord>((user) => `Roles of “${user.name}” saved`),
    mutationFn: (variables) => updateUser(variables),
    ...options,
    onSuccess: refresh,
  });
}

/** Gives a local user a new generated password. */
export const resetUserPassword = (name: string) =>
  apiFetch<{ data: UserPasswordResult }>(userPath(name, 'password'), { method: 'POST' }).then((body) => body.data);

export function useUserPasswordResetMutation({
  onSuccess,
  ...options
}: MutationOptions<UserPasswordResult, string> = {}) {
  const refresh = useRefreshUsers(onSuccess);
  return useMutation<UserPasswordResult, ApiRequestError, string>({
    meta: successMessage<UserPasswordResult>(({ user }) => `New password for “${user.name}” generated`),
    mutationFn: (name) => resetUserPassword(name),
    ...options,
    gcTime: 0,
    onSuccess: refresh,
  });
}

/** Removes a user. */
export const deleteUser = (name: string) => apiFetch<unknown>(userPath(name), { method: 'DELETE' });

export function useUserDeleteMutation({ onSuccess, ...options }: MutationOptions<unknown, string> = {}) {
  const refresh = useRefreshUsers(onSuccess);
  return useMutation<unknown, ApiRequestError, string>({
    meta: successMessage<unknown, string>((_result, name) => `User “${name}” removed`),
    mutationFn: (name) => deleteUser(name),
    ...options,
    onSuccess: refresh,
  });
}
