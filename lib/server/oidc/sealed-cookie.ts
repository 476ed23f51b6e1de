import 'server-only';
import { sealData, unsealData } from 'iron-session';
import { sessionSecret } from '../env';
import { isHttps, readCookie } from '../session';

/**
 * A short-lived encrypted cookie for one step of single sign-on (the sign-in in flight, or who was
 * just refused). SameSite=Lax: the provider sends the browser back with a cross-site navigation,
 * which a Strict cookie would not survive.
 */
export interface SealedCookie<T> {
  name: string;
  path: string;
  ttlSeconds: number;
  isValue: (value: unknown) => value is T;
}

function attributes(cookie: SealedCookie<unknown>, request: Request, maxAge: number): string {
  const secure = isHttps(request) ? '; Secure' : '';
  return `Path=${cookie.path}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

export async function sealCookie<T>(cookie: SealedCookie<T>, value: T, request: Request): Promise<string> {
  const seal = await sealData(value, { password: sessionSecret(), ttl: cookie.ttlSeconds });
  return `${cookie.name}=${seal}; ${attributes(cookie, request, cookie.ttlSeconds)}`;
}

export function clearedCookie(cookie: SealedCookie<unknown>, request: Request): string {
  return `${cookie.name}=; ${attributes(cookie, request, 0)}`;
}

/** The cookie's value, or null when it is missing, expired, tampered with or of another shape. */
export async function readSealedCookie<T>(cookie: SealedCookie<T>, raw: string | undefined | null): Promise<T | null> {
  if (!raw || raw.length > 4096) return null;
  try {
    const value = await unsealData<unknown>(raw, { password: sessionSecret(), ttl: cookie.ttlSeconds });
    return cookie.isValue(value) ? value : null;
  } catch {
    return null;
  }
}

export function readRequestCookie<T>(cookie: SealedCookie<T>, request: Request): Promise<T | null> {
  return readSealedCookie(cookie, readCookie(request.headers.get('cookie'), cookie.name));
}
