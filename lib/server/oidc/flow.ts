import 'server-only';
import { createHash } from 'node:crypto';
import * as client from 'openid-client';
import { hasRole, type Role } from '@/lib/auth/roles';
import type { SsoErrorCode } from '@/lib/auth/sso-errors';
import { UUID_PATTERN } from '@/lib/schemas/ids';
import { safeNextPath } from '@/lib/schemas/session';
import { recordAccountEvent } from '../audit/record';
import { ApiError } from '../errors';
import { log } from '../log';
import { findService, organizationServices } from '../organization-services';
import { ownOrigin } from '../request-guards';
import { sealSession, sessionCookie } from '../session';
import { clientAddress } from '../sign-in';
import { consoleUsers } from '../users';
import { providerConfiguration, ProviderUnavailableError } from './provider';
import { claimValues, mapsServices, resolveRole, resolveServiceRoles } from './role-map';
import { clearedCookie, readRequestCookie, sealCookie, type SealedCookie } from './sealed-cookie';
import { OIDC_CALLBACK_PATH, oidcSettings, type OidcSettings } from './settings';

/** The sign-in in flight: what the callback must find again (state, nonce, PKCE verifier). */
interface Transaction {
  state: string;
  nonce: string;
  verifier: string;
  next: string;
  redirectUri: string;
}

const isText = (value: unknown) => typeof value === 'string' && value.length > 0;

export const TRANSACTION_COOKIE: SealedCookie<Transaction> = {
  name: 'sluice_sso',
  path: '/api/auth/oidc',
  ttlSeconds: 10 * 60,
  isValue: (value): value is Transaction => {
    const v = value as Partial<Transaction> | null;
    return typeof v === 'object' && v !== null && [v.state, v.nonce, v.verifier, v.next, v.redirectUri].every(isText);
  },
};

/** Who the provider signed in but the role map let nothing through, for the "no access" page. */
export interface Refusal {
  name: string;
  values: string[];
  claim: string;
}

export const REFUSAL_COOKIE: SealedCookie<Refusal> = {
  name: 'sluice_sso_refused',
  path: '/login',
  ttlSeconds: 5 * 60,
  isValue: (value): value is Refusal => {
    const v = value as Partial<Refusal> | null;
    return typeof v === 'object' && v !== null && isText(v.name) && isText(v.claim) && Array.isArray(v.values);
  },
};

export const UNKNOWN_SSO_USER = '(single sign-on)';

function requireSettings(): OidcSettings {
  const settings = oidcSettings();
  if (!settings) throw new ApiError(404, 'SSO_NOT_CONFIGURED', 'Single sign-on is not configured on this console');
  return settings;
}

function redirect(location: string, cookies: string[]): Response {
  const headers = new Headers({ location, 'cache-control': 'no-store' });
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return new Response(null, { status: 302, headers });
}

function backToSignIn(request: Request, code: SsoErrorCode, next?: string): Response {
  const query = new URLSearchParams({ sso_error: code });
  if (next) query.set('next', next);
  return redirect(`/login?${query}`, [clearedCookie(TRANSACTION_COOKIE, request)]);
}

function callbackUrl(settings: OidcSettings, request: Request): string {
  if (settings.redirectUrl) return settings.redirectUrl.href;
  return new URL(OIDC_CALLBACK_PATH, ownOrigin(request) ?? new URL(request.url).origin).href;
}

/** `GET /api/auth/oidc/start?next=…`: checks the provider answers, then sends the browser to it. */
export async function startSsoSignIn(request: Request): Promise<Response> {
  const settings = requireSettings();
  const url = new URL(request.url);
  const next = safeNextPath(url.searchParams.get('next'));
  let config: client.Configuration;
  try {
    config = await providerConfiguration(settings, { fresh: true });
  } catch (error) {
    if (error instanceof ProviderUnavailableError) return backToSignIn(request, 'unavailable', next);
    throw error;
  }
  const transaction: Transaction = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier: client.randomPKCECodeVerifier(),
    next,
    redirectUri: callbackUrl(settings, request),
  };
  const parameters: Record<string, string> = {
    redirect_uri: transaction.redirectUri,
    scope: settings.scope,
    state: transaction.state,
    nonce: transaction.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(transaction.verifier),
    code_challenge_method: 'S256',
  };
  // "Use another account": ask the provider to sign in afresh instead of reusing its session.
  if (url.searchParams.get('prompt') === 'login') parameters.prompt = 'login';
  const location = client.buildAuthorizationUrl(config, parameters).href;
  return redirect(location, [await sealCookie(TRANSACTION_COOKIE, transaction, request)]);
}

/** What went wrong at the callback, in the sign-in page's terms. */
function failureCode(error: unknown): SsoErrorCode {
  if (error instanceof ProviderUnavailableError) return 'unavailable';
  if (error instanceof client.AuthorizationResponseError) return 'denied';
  if (error instanceof client.ResponseBodyError) return error.error === 'invalid_grant' ? 'code' : 'failed';
  // openid-client wraps the check that failed ("invalid response encountered"); its cause names it.
  const messages: string[] = [];
  for (let cause: unknown = error; cause instanceof Error && messages.length < 5; cause = cause.cause)
    messages.push(cause.message);
  if (messages.some((message) => /"state"/.test(message))) return 'state';
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  if (typeof cause?.code === 'string' && /^(ECONN|ENOTFOUND|EAI_|UND_ERR)/.test(cause.code)) return 'unavailable';
  return 'failed';
}

/** A stable id per person: the subject is unique only within its issuer. */
export function ssoUserId(issuer: string, subject: string): string {
  const issuerTag = createHash('sha256').update(issuer).digest('base64url').slice(0, 8);
  return `sso:${issuerTag}:${subject}`;
}

function displayName(claims: Record<string, unknown>): string {
  for (const key of ['preferred_username', 'email', 'name', 'sub']) {
    const value = claims[key];
    if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 200);
  }
  return 'unknown';
}

function signingIn(next: string): Response {
  // A page rather than a redirect: the provider's cross-site navigation would otherwise reach the
  // console without the new SameSite=Strict session cookie. This same-site step carries it.
  const href = next.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${href}"><title>Signing in…</title></head><body><p>Signing in… <a href="${href}">Continue</a></p></body></html>`;
  return new Response(html, {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/**
 * `GET /api/auth/oidc/callback`: exchanges the code (PKCE, state and nonce checked by
 * openid-client), maps the role claim to a console role and opens a session, or explains why not.
 */
export async function finishSsoSignIn(request: Request, requestId: string): Promise<Response> {
  const settings = requireSettings();
  const transaction = await readRequestCookie(TRANSACTION_COOKIE, request);
  const audit = (actor: string, role: 'viewer' | 'editor' | 'admin' | null, status: number, errorCode: string | null) =>
    recordAccountEvent({
      actor,
      actorRole: role,
      authMethod: 'sso',
      operation: 'session.sign-in',
      status,
      requestId,
      errorCode,
      clientAddress: clientAddress(request),
    });
  if (!transaction) {
    await audit(UNKNOWN_SSO_USER, null, 400, 'SSO_EXPIRED');
    return backToSignIn(request, 'expired');
  }

  let claims: Record<string, unknown>;
  try {
    const config = await providerConfiguration(settings);
    const current = new URL(transaction.redirectUri);
    current.search = new URL(request.url).search;
    const tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: transaction.verifier,
      expectedState: transaction.state,
      expectedNonce: transaction.nonce,
      idTokenExpected: true,
    });
    claims = { ...(tokens.claims() ?? {}) };
    // Many providers put groups only in the userinfo answer.
    if (claimValues(claims, settings.roleClaim).length === 0 && config.serverMetadata().userinfo_endpoint) {
      const info = await client.fetchUserInfo(config, tokens.access_token, String(claims.sub));
      claims = { ...info, ...claims, [settings.roleClaim]: claims[settings.roleClaim] ?? info[settings.roleClaim] };
    }
  } catch (error) {
    const code = failureCode(error);
    log.warn({ err: error, requestId, code }, 'single sign-on callback refused');
    await audit(UNKNOWN_SSO_USER, null, code === 'unavailable' ? 502 : 400, `SSO_${code.toUpperCase()}`);
    return backToSignIn(request, code, transaction.next);
  }

  const name = displayName(claims);
  const values = claimValues(claims, settings.roleClaim);
  const role = resolveRole(settings.roleMap, values);
  const cleared = clearedCookie(TRANSACTION_COOKIE, request);
  if (!role) {
    await audit(name, null, 403, 'SSO_NO_MAPPED_ROLE');
    const refusal: Refusal = {
      name,
      values: values.slice(0, 20).map((v) => v.slice(0, 100)),
      claim: settings.roleClaim,
    };
    return redirect('/login/no-access', [cleared, await sealCookie(REFUSAL_COOKIE, refusal, request)]);
  }
  const users = await consoleUsers();
  const email = typeof claims.email === 'string' ? claims.email : undefined;
  let known = await users.upsertSso({ id: ssoUserId(settings.issuer.href, String(claims.sub)), name, email, role });
  if (mapsServices(settings.roleMap)) {
    await users.replaceServiceRoles(
      known.id,
      await mappedServiceRoles(resolveServiceRoles(settings.roleMap, values), requestId),
    );
    known = (await users.lookup(known.id)) ?? known;
  }
  await audit(known.name, known.role, 200, null);
  log.info({ user: known.name, role, requestId }, 'signed in with single sign-on');
  const response = signingIn(transaction.next);
  response.headers.append('set-cookie', cleared);
  response.headers.append('set-cookie', sessionCookie(await sealSession(known), request));
  return response;
}

/**
 * `OIDC_ROLE_MAP`'s per-service roles by service id. Services named by name are looked up in the
 * organization; when the cloud cannot answer, only those named by id are kept (the sign-in goes on,
 * and the next one maps the rest).
 */
async function mappedServiceRoles(byKey: Record<string, Role>, requestId: string): Promise<Record<string, Role>> {
  const keys = Object.keys(byKey);
  if (keys.length === 0) return {};
  const services = await organizationServices().catch((error: unknown) => {
    log.warn({ err: error, requestId }, 'single sign-on: could not read the services to map per-service roles');
    return null;
  });
  const roles: Record<string, Role> = {};
  for (const key of keys) {
    // Without the list, a name cannot be told apart from a wrong id: only an id's shape is kept.
    const id = services ? findService(services, key)?.id : UUID_PATTERN.test(key) ? key : undefined;
    if (id === undefined) {
      log.warn(
        { requestId, service: key },
        'single sign-on: OIDC_ROLE_MAP names a service this organization does not have',
      );
      continue;
    }
    const role = byKey[key]!;
    const current = roles[id];
    if (current === undefined || hasRole(role, current)) roles[id] = role;
  }
  return roles;
}
