import 'server-only';
import type { RateLimiterRes } from 'rate-limiter-flexible';
import type { SessionUser } from '@/lib/auth/roles';
import type { SignInRequest } from '@/lib/schemas/session';
import { recordAccountEvent } from './audit/record';
import { ApiError, jsonResponse } from './errors';
import { log } from './log';
import { localUsersEnabled } from './oidc/settings';
import {
  clearedSessionCookie,
  readCookie,
  revokeSeal,
  sealSession,
  SESSION_COOKIE,
  sessionCookie,
  userFromSeal,
} from './session';
import { sharedLimiter } from './shared-state';
import { consoleUsers } from './users';

export const SIGN_IN_LIMITS = {
  perUserAndAddress: { points: 5, duration: 15 * 60 },
  perAddress: { points: 20, duration: 15 * 60 },
  // Next keeps a client's own X-Forwarded-For, so the address can be forged: a user's failures from
  // every address together are capped too.
  perUser: { points: 10, duration: 15 * 60 },
} as const;

// Only failures are counted: a user who types the password right is never slowed down.
// In the shared store: with Redis, every console instance counts the same failures.
const byUserAndAddress = () => sharedLimiter({ keyPrefix: 'signin-user', ...SIGN_IN_LIMITS.perUserAndAddress });
const byAddress = () => sharedLimiter({ keyPrefix: 'signin-address', ...SIGN_IN_LIMITS.perAddress });
const byUser = () => sharedLimiter({ keyPrefix: 'signin-name', ...SIGN_IN_LIMITS.perUser });

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

/** Sign-ins and their failures in the audit log; a name nobody has is not recorded (it may be a mistyped password). */
function auditSignIn(
  request: Request,
  requestId: string,
  actor: SessionUser | string,
  status: number,
  errorCode: string | null,
) {
  const user = typeof actor === 'string' ? null : actor;
  return recordAccountEvent({
    actor: user ? user.name : (actor as string),
    actorRole: user?.role ?? null,
    authMethod: 'password',
    operation: 'session.sign-in',
    status,
    requestId,
    errorCode,
    clientAddress: clientAddress(request),
  });
}

export const UNKNOWN_USER = '(unknown user)';

export async function signIn(
  request: Request,
  { username, password }: SignInRequest,
  requestId: string,
): Promise<Response> {
  if (!localUsersEnabled()) {
    throw new ApiError(
      403,
      'LOCAL_SIGN_IN_OFF',
      'Sign-in with a console password is turned off here; use single sign-on',
    );
  }
  const address = clientAddress(request);
  const name = username.toLowerCase();
  const userKey = `${name}|${address}`;
  const [userRes, addressRes, nameRes] = await Promise.all([
    byUserAndAddress().get(userKey),
    byAddress().get(address),
    byUser().get(name),
  ]);
  const wait = Math.max(
    blockedFor(userRes, SIGN_IN_LIMITS.perUserAndAddress.points),
    blockedFor(addressRes, SIGN_IN_LIMITS.perAddress.points),
    blockedFor(nameRes, SIGN_IN_LIMITS.perUser.points),
  );
  if (wait > 0) throw tooManyAttempts(wait);

  const users = await consoleUsers();
  const known = await users.verify(username, password);
  if (!known) {
    // A rejected consume only means the limit is now reached; the next attempt gets the 429.
    await Promise.allSettled([
      byUserAndAddress().consume(userKey),
      byAddress().consume(address),
      byUser().consume(name),
    ]);
    log.info({ user: username, address }, 'sign-in failed');
    const existing = await users.lookup(name);
    await auditSignIn(
      request,
      requestId,
      existing?.method === 'password' ? existing : UNKNOWN_USER,
      401,
      'INVALID_CREDENTIALS',
    );
    throw new ApiError(401, 'INVALID_CREDENTIALS', 'Wrong username or password');
  }
  await byUserAndAddress().delete(userKey);
  const user: SessionUser = { name: known.name, role: known.role, method: known.method };
  log.info({ user: user.name, address }, 'signed in');
  await users.recordSignIn(known.id);
  await auditSignIn(request, requestId, user, 200, null);
  return jsonResponse({ user }, 200, { 'set-cookie': sessionCookie(await sealSession(known), request) });
}

export function whoAmI(user: SessionUser): Response {
  const services = user.services && Object.keys(user.services).length > 0 ? { services: user.services } : {};
  return jsonResponse({ user: { name: user.name, role: user.role, method: user.method, ...services } });
}

export async function signOut(request: Request, requestId: string): Promise<Response> {
  const seal = readCookie(request.headers.get('cookie'), SESSION_COOKIE);
  const user = await userFromSeal(seal).catch(() => null);
  await revokeSeal(seal);
  if (user) {
    await recordAccountEvent({
      actor: user.name,
      actorRole: user.role,
      authMethod: user.method ?? null,
      operation: 'session.sign-out',
      status: 204,
      requestId,
      clientAddress: clientAddress(request),
    });
  }
  return new Response(null, {
    status: 204,
    headers: { 'set-cookie': clearedSessionCookie(request), 'cache-control': 'no-store' },
  });
}
