import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, type ApiRequestError } from '../client';
import type { MutationOptions } from '../query-options';
import { SKIP_AUTH_REDIRECT } from './types';

/** Ends this browser's session. */
export function signOut(): Promise<unknown> {
  return apiFetch<unknown>('/api/session', { method: 'DELETE' });
}

export function useSignOutMutation({ onSettled, ...options }: MutationOptions<unknown, void> = {}) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiRequestError, void>({
    mutationFn: () => signOut(),
    meta: { [SKIP_AUTH_REDIRECT]: true },
    ...options,
    onSettled: async (data, error, variables, onMutateResult, context) => {
      queryClient.clear();
      await onSettled?.(data, error, variables, onMutateResult, context);
    },
  });
}
