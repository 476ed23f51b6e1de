import type { UserRecord } from '@/lib/schemas/users';

/** How a user signs in, in words. */
export function signInLabel(user: UserRecord): string {
  if (user.fromEnvironment) return 'Password from CONSOLE_ADMIN_PASSWORD';
  return user.method === 'sso' ? 'Single sign-on' : 'Password';
}
