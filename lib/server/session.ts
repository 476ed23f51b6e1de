import 'server-only';
import { createHash } from 'node:crypto';
import { sealData, unsealData } from 'iron-session';
import { cookies } from 'next/headers';
import { ROLES, type Role, type SessionUser } from '@/lib/auth/roles';
import type { KnownUser } from '@/lib/local/users-store';
import { sessionSecret } from './env';
import { ApiError } from './errors';
import { localUsersEnabled } from './oidc/settings';
import { sharedStore } from './shared-state';
import { consoleUsers } from './users';

import { SESSION_COOKIE } from '@/lib/auth/session-cookie';

export { SESSION_COOKIE };
export const SESSION_TTL_SECONDS = 12 * 60 * 60;

/** What the encrypted cookie carries: who, and a tag that changes with the user's password. */
interface SessionPayload {
  /** The user's id: a local user's name, or `sso:…` for single sign-on. */
  name: string;
  role: Role;
  tag: string;
  /** Expiry, epoch milliseconds. */
  exp: number;
}

function isPayload(value: unknown): value is SessionPayload {
  const v = value as Partial<SessionPayload> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.name === 'string' &&
    typeof v.tag === 'string' &&
    typeof v.exp === 'number' &&
    (ROLES as readonly string[]).includes(v.role as string)
  );
}

// Decrypting a seal costs a few WebCrypto round trips; a request should pay for a map lookup.
const MAX_CACHED = 5_000;
const unsealed = new Map<string, SessionPayload | null>();

function remember(seal: string, payload: SessionPayload | null): void {
  if (unsealed.size >= MAX_CACHED) {
    const oldest = unsealed.keys().next().value;
    if (oldest !== undefined) unsealed.delete(oldest);
  }
  unsealed.set(seal, payload);
}

async function decrypt(seal: string): Promise<SessionPayload | null> {
  const cached = unsealed.get(seal);
  if (cached !== undefined) return cached;
  let payload: SessionPayload | null = null;
  try {
    const data = await unsealData<unknown>(seal, { password: sessionSecret(), ttl: SESSION_TTL_SECONDS });
    payload = isPayload(data) ? data : null;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    payload = null;
  }
  remember(seal, payload);
  return payload;
}

/**
 * The signed-in user for a raw cookie value, checked against the users in the database: a removed
 * user, a new password (or, for single sign-on, a removed record) ends the session; the role is
 * the stored one, which single sign-on refreshes at each sign-in.
 */
export async function userFromSeal(seal: string | undefined): Promise<SessionUser | null> {
  const known = await knownUserFromSeal(seal);
  if (!known) return null;
  const user: SessionUser = { name: known.name, role: known.role, method: known.method };
  if (known.services) user.services = known.services;
  return user;
}

/** The stored record behind a session cookie, for changes to the user's own account. */
export async function knownUserFromSeal(seal: string | undefined): Promise<KnownUser | null> {
  if (!seal || seal.length > 4096) return null;
  const payload = await decrypt(seal);
  if (!payload || payload.exp <= Date.now() || (await isRevoked(seal))) return null;
  const known = await (await consoleUsers()).lookup(payload.name);
  if (!known || known.credentialTag !== payload.tag) return null;
  if (known.method === 'password' && !localUsersEnabled()) return null;
  return known;
}

/** Reads one cookie from a `Cookie` header without parsing the others. */
export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  const prefix = `${name}=`;
  for (const part of header.split(';')) {
    const trimmed = part.trimStart();
    if (trimmed.startsWith(prefix)) return trimmed.slice(prefix.length);
  }
  return undefined;
}

export function userFromRequest(request: Request): Promise<SessionUser | null> {
  return userFromSeal(readCookie(request.headers.get('cookie'), SESSION_COOKIE));
}

/** The signed-in user, for server components and route handlers alike. */
export async function currentUser(): Promise<SessionUser | null> {
  const store = await cookies();
  return userFromSeal(store.get(SESSION_COOKIE)?.value);
}

export async function sealSession(user: KnownUser): Promise<string> {
  const payload: SessionPayload = {
    name: user.id,
    role: user.role,
    tag: user.credentialTag,
    exp: Date.now() + SESSION_TTL_SECONDS * 1000,
  };
  return sealData(payload, { password: sessionSecret(), ttl: SESSION_TTL_SECONDS });
}

/** Forgets a seal on sign-out, so a copy of the cookie stops working too. */
/** Seals are kept by a hash: the shared store (Redis) never holds a usable cookie. */
function revokedKey(seal: string): string {
  return `revoked:${createHash('sha256').update(seal).digest('base64url')}`;
}

/** Whether a seal was signed out; when the shared store cannot say, the request is refused with a clear 503, not a 500. */
async function isRevoked(seal: string): Promise<boolean> {
  try {
    return (await sharedStore().get(revokedKey(seal))) !== null;
  } catch {
    throw new ApiError(
      503,
      'SHARED_STATE_UNAVAILABLE',
      'The console cannot reach its shared state (REDIS_URL) to check the session; try again shortly',
    );
  }
}

/** A signed-out session is refused until it would have expired, by every instance sharing the store. */
export async function revokeSeal(seal: string | undefined): Promise<void> {
  if (!seal) return;
  unsealed.delete(seal);
  const payload = await decrypt(seal);
  unsealed.delete(seal);
  const remainingMs = payload ? payload.exp - Date.now() : SESSION_TTL_SECONDS * 1000;
  if (remainingMs > 0) await sharedStore().set(revokedKey(seal), '1', remainingMs);
}

function firstValue(header: string | null): string | undefined {
  return header?.split(',')[0]?.trim() || undefined;
}

/** Whether the browser reached us over HTTPS, directly or through a proxy that says so. */
export function isHttps(request: Request): boolean {
  const forwarded = firstValue(request.headers.get('x-forwarded-proto'));
  if (forwarded) return forwarded.toLowerCase() === 'https';
  return request.url.startsWith('https:');
}

export function sessionCookie(seal: string, request: Request): string {
  const secure = isHttps(request) ? '; Secure' : '';
  return `${SESSION_COOKIE}=${seal}; Path=/; Max-Age=${SESSION_TTL_SECONDS}; HttpOnly; SameSite=Strict${secure}`;
}

export function clearedSessionCookie(request: Request): string {
  const secure = isHttps(request) ? '; Secure' : '';
  return `${SESSION_COOKIE}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Strict${secure}`;
}

/** For tests that switch secrets or users between cases. */
export function clearSessionCaches(): void {
  unsealed.clear();
}
