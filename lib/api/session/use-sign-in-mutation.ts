import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInRequest } from '@/lib/schemas/session';
import { apiFetch } from '../client';
import { sessionKeys } from './keys';
import { SKIP_AUTH_REDIRECT, type SessionResponse } from './types';

export function useSignInMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SignInRequest) =>
      apiFetch<SessionResponse>('/api/session', { method: 'POST', body: request }),
    meta: { [SKIP_AUTH_REDIRECT]: true },
    onSuccess: (session) => {
      // Whatever was cached belonged to the previous session, if any.
      queryClient.clear();
      queryClient.setQueryData(sessionKeys.current(), session);
    },
  });
}
