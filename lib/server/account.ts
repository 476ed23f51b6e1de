import 'server-only';
import type { SessionUser } from '@/lib/auth/roles';
import { BUILT_IN_ADMIN } from '@/lib/local/users-store';
import type { PasswordChangeRequest } from '@/lib/schemas/account';
import { ApiError, jsonResponse } from './errors';
import { knownUserFromSeal, readCookie, sealSession, SESSION_COOKIE, sessionCookie } from './session';
import { sharedLimiter } from './shared-state';
import { consoleUsers } from './users';
import { envValue } from './env';

/** Wrong current passwords per user: a stolen session must not become a way to guess the password. */
export const PASSWORD_CHANGE_LIMIT = { points: 5, duration: 15 * 60 } as const;
const wrongCurrentPassword = () => sharedLimiter({ keyPrefix: 'password-change', ...PASSWORD_CHANGE_LIMIT });

/** Whether this user can change their password in the console (the profile menu offers it only then). */
export function canChangeOwnPassword(user: { name: string; method?: string }): boolean {
  return user.method === 'password' && !passwordSetByEnvironment(user);
}

/** The built-in admin whose password comes from CONSOLE_ADMIN_PASSWORD: it changes there, not in the console. */
export function passwordSetByEnvironment(user: { name: string; method?: string }): boolean {
  return user.method === 'password' && user.name === BUILT_IN_ADMIN && envValue('CONSOLE_ADMIN_PASSWORD') !== undefined;
}

/**
 * A local user's own password change: the current password is checked, every session from before
 * ends (the credential tag changes), and this browser gets a fresh session so it stays signed in.
 */
export async function changeOwnPassword(
  request: Request,
  user: SessionUser,
  body: PasswordChangeRequest,
): Promise<Response> {
  if (user.method !== 'password') {
    throw new ApiError(
      409,
      'SSO_ACCOUNT',
      'You sign in with single sign-on; change your password at your identity provider',
    );
  }
  if (!canChangeOwnPassword(user)) {
    throw new ApiError(
      409,
      'PASSWORD_FROM_ENVIRONMENT',
      'The admin password comes from CONSOLE_ADMIN_PASSWORD; change it there',
    );
  }
  const known = await knownUserFromSeal(readCookie(request.headers.get('cookie'), SESSION_COOKIE));
  if (!known) throw new ApiError(401, 'UNAUTHENTICATED', 'Sign in to continue');
  const attempts = await wrongCurrentPassword().get(known.id);
  if (attempts && attempts.consumedPoints >= PASSWORD_CHANGE_LIMIT.points) {
    const seconds = Math.max(1, Math.ceil(attempts.msBeforeNext / 1000));
    throw new ApiError(429, 'TOO_MANY_ATTEMPTS', `Too many wrong current passwords; try again in ${seconds} s`, {
      headers: { 'retry-after': String(seconds) },
    });
  }
  const changed = await (await consoleUsers()).changePassword(known.id, body.currentPassword, body.newPassword);
  if (!changed) {
    await wrongCurrentPassword()
      .consume(known.id)
      .catch(() => {});
    throw new ApiError(400, 'VALIDATION_FAILED', 'Current password is not right', {
      fields: [{ path: 'currentPassword', message: 'This is not your current password' }],
    });
  }
  await wrongCurrentPassword().delete(known.id);
  return jsonResponse({ user: { name: changed.name, role: changed.role, method: changed.method } }, 200, {
    'set-cookie': sessionCookie(await sealSession(changed), request),
  });
}
