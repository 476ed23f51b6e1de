import type { SessionUser } from '@/lib/auth/roles';

export interface SessionResponse {
  user: SessionUser;
}

/** Mutation meta flag: a 401 here is an answer to show, not an expired session to act on. */
export const SKIP_AUTH_REDIRECT = 'skipAuthRedirect';
