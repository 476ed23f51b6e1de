import { useMutation } from '@tanstack/react-query';
import type { PasswordChangeRequest } from '@/lib/schemas/account';
import { apiFetch, type ApiRequestError } from '../client';
import type { MutationOptions } from '../query-options';
import { SKIP_AUTH_REDIRECT, type SessionResponse } from './types';

/** The signed-in user's own password; the answer renews this browser's session, others end. */
export function changePassword(request: PasswordChangeRequest): Promise<SessionResponse> {
  return apiFetch<SessionResponse>('/api/session/password', { method: 'POST', body: request });
}

export function usePasswordChangeMutation(options: MutationOptions<SessionResponse, PasswordChangeRequest> = {}) {
  return useMutation<SessionResponse, ApiRequestError, PasswordChangeRequest>({
    mutationFn: (request) => changePassword(request),
    meta: { [SKIP_AUTH_REDIRECT]: true },
    ...options,
  });
}
