import { useMutation } from '@tanstack/react-query';
import type { PasswordChangeRequest } from '@/lib/schemas/account';
import { apiFetch } from '../client';
import { SKIP_AUTH_REDIRECT, type SessionResponse } from './types';

/** The signed-in user's own password; the answer renews this browser's session, others end. */
export function usePasswordChangeMutation() {
  return useMutation({
    mutationFn: (request: PasswordChangeRequest) =>
      apiFetch<SessionResponse>('/api/session/password', { method: 'POST', body: request }),
    meta: { [SKIP_AUTH_REDIRECT]: true },
  });
}
