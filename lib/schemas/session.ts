import * as z from 'zod/mini';

export const SESSION_LIMITS = {
  usernameMaxLength: 128,
  passwordMaxLength: 1024,
  nextPathMaxLength: 2048,
} as const;

export const signInSchema = z.object({
  username: z.string({ error: 'Username is required' }).check(
    z.trim(),
    z.minLength(1, { error: 'Username is required' }),
    z.maxLength(SESSION_LIMITS.usernameMaxLength, {
      error: `Username must be at most ${SESSION_LIMITS.usernameMaxLength} characters`,
    }),
  ),
  // Not trimmed: spaces may be part of a password.
  password: z.string({ error: 'Password is required' }).check(
    z.minLength(1, { error: 'Password is required' }),
    z.maxLength(SESSION_LIMITS.passwordMaxLength, {
      error: `Password must be at most ${SESSION_LIMITS.passwordMaxLength} characters`,
    }),
  ),
});
export type SignInRequest = z.infer<typeof signInSchema>;

export const DEFAULT_AFTER_SIGN_IN = '/';

const PROBE_ORIGIN = 'http://sluice.invalid';

/**
 * The `next` parameter of the sign-in page, reduced to a path on this site; anything that could
 * leave the site (`//evil`, `/\evil`, `https://…`, control characters) or loop back to the sign-in
 * page or the API gives the default.
 */
export function safeNextPath(value: unknown, fallback: string = DEFAULT_AFTER_SIGN_IN): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > SESSION_LIMITS.nextPathMaxLength) {
    return fallback;
  }
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  if (/^\/(login|api)(\/|$)/.test(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
