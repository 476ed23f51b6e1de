import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInRequest } from '@/lib/schemas/session';
import { apiFetch, type ApiRequestError } from '../client';
import type { MutationOptions } from '../query-options';
import { sessionKeys } from './keys';
import { SKIP_AUTH_REDIRECT, type SessionResponse } from './types';

/** Signs in with a local name and password. */
export function signIn(request: SignInRequest): Promise<SessionResponse> {
  return apiFetch<SessionResponse>('/api/session', { method: 'POST', body: request });
}

export function useSignInMutation({ onSuccess, ...options }: MutationOptions<SessionResponse, SignInRequest> = {}) {
  const queryClient = useQueryClient();
  return useMutation<SessionResponse, ApiRequestError, SignInRequest>({
    mutationFn: (request) => signIn(request),
    meta: { [SKIP_AUTH_REDIRECT]: true },
    ...options,
    onSuccess: async (session, request, onMutateResult, context) => {
      // Whatever was cached belonged to the previous session, if any.
      queryClient.clear();
      queryClient.setQueryData(sessionKeys.current(), session);
      await onSuccess?.(session, request, onMutateResult, context);
    },
  });
}
