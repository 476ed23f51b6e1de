import 'server-only';
import { RateLimiterMemory, type RateLimiterRes } from 'rate-limiter-flexible';
import type { SessionUser } from '@/lib/auth/roles';
import { lookupUser, verifyUser } from '@/lib/local/users-store';
import type { SignInRequest } from '@/lib/schemas/session';
import { ApiError, jsonResponse } from './errors';
import { log } from './log';
import { clearedSessionCookie, readCookie, revokeSeal, sealSession, SESSION_COOKIE, sessionCookie } from './session';

export const SIGN_IN_LIMITS = {
  perUserAndAddress: { points: 5, duration: 15 * 60 },
  perAddress: { points: 20, duration: 15 * 60 },
  // Next keeps a client's own X-Forwarded-For, so the address can be forged: a user's failures from
  // every address together are capped too.
  perUser: { points: 10, duration: 15 * 60 },
} as const;

// Only failures are counted: a user who types the password right is never slowed down.
const byUserAndAddress = new RateLimiterMemory({ keyPrefix: 'signin-user', ...SIGN_IN_LIMITS.perUserAndAddress });
const byAddress = new RateLimiterMemory({ keyPrefix: 'signin-address', ...SIGN_IN_LIMITS.perAddress });
const byUser = new RateLimiterMemory({ keyPrefix: 'signin-name', ...SIGN_IN_LIMITS.perUser });

/** The first hop of `X-Forwarded-For`, which Next sets from the socket when no proxy did. */
export function clientAddress(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || request.headers.get('x-real-ip')?.trim() || 'unknown';
}

function blockedFor(res: RateLimiterRes | null, points: number): number {
  return res && res.consumedPoints >= points ? res.msBeforeNext : 0;
}

function tooManyAttempts(ms: number): ApiError {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return new ApiError(429, 'TOO_MANY_ATTEMPTS', `Too many failed sign-in attempts; try again in ${seconds} s`, {
    headers: { 'retry-after': String(seconds) },
  });
}

export async function signIn(request: Request, { username, password }: SignInRequest): Promise<Response> {
  const address = clientAddress(request);
  const name = username.toLowerCase();
  const userKey = `${name}|${address}`;
  const [userRes, addressRes, nameRes] = await Promise.all([
    byUserAndAddress.get(userKey),
    byAddress.get(address),
    byUser.get(name),
  ]);
  const wait = Math.max(
    blockedFor(userRes, SIGN_IN_LIMITS.perUserAndAddress.points),
    blockedFor(addressRes, SIGN_IN_LIMITS.perAddress.points),
    blockedFor(nameRes, SIGN_IN_LIMITS.perUser.points),
  );
  if (wait > 0) throw tooManyAttempts(wait);

  const verified = await verifyUser(username, password);
  const known = verified ? lookupUser(verified.name) : null;
  if (!verified || !known) {
    // A rejected consume only means the limit is now reached; the next attempt gets the 429.
    await Promise.allSettled([byUserAndAddress.consume(userKey), byAddress.consume(address), byUser.consume(name)]);
    log.info({ user: username, address }, 'sign-in failed');
    throw new ApiError(401, 'INVALID_CREDENTIALS', 'Wrong username or password');
  }
  await byUserAndAddress.delete(userKey);
  const user: SessionUser = { name: known.name, role: known.role };
  log.info({ user: user.name, address }, 'signed in');
  return jsonResponse({ user }, 200, { 'set-cookie': sessionCookie(await sealSession(known), request) });
}

export function whoAmI(user: SessionUser): Response {
  return jsonResponse({ user: { name: user.name, role: user.role } });
}

export function signOut(request: Request): Response {
  revokeSeal(readCookie(request.headers.get('cookie'), SESSION_COOKIE));
  return new Response(null, { status: 204, headers: { 'set-cookie': clearedSessionCookie(request), 'cache-control': 'no-store' } });
}
