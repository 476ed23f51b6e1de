/**
 * The single sign-on callback's refusals, against a minimal OpenID Connect provider on loopback
 * (discovery, keys, token endpoint; the browser's visit to its sign-in page is skipped): an ID
 * token whose nonce is not the one this sign-in sent, and a missing or forged sign-in cookie,
 * each end on the sign-in page without a session. The matching nonce is the control.
 */
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { sealData } from 'iron-session';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { consoleDatabase } from '../db/shared';
import { resetEnvCache } from '../env';
import { SESSION_COOKIE } from '../session';
import {
  configureTestEnvironment,
  installTestDatabase,
  json,
  ORG_ID,
  removeTestDataDirs,
  startStub,
  testRequest,
  type StubServer,
} from '../test-support';
// The flow itself rather than its two thin routes, so mutation testing reaches it through a relative import.
import { consoleUsers } from '../users';
import { finishSsoSignIn, REFUSAL_COOKIE, ssoUserId, startSsoSignIn, TRANSACTION_COOKIE } from './flow';
import { readSealedCookie, sealCookie, type SealedCookie } from './sealed-cookie';

const CLIENT_ID = 'sluice-test';
const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' };

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
function idToken(claims: Record<string, unknown>): string {
  const input = `${b64({ alg: 'RS256', typ: 'JWT', kid: 'k1' })}.${b64(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input), privateKey).toString('base64url')}`;
}

let provider: StubServer;
/** The nonce the provider puts in its ID token; by default the one the sign-in asked for. */
let tokenNonce: (asked: string) => string;
let askedNonce = '';
let tokenRequests = 0;
/** Claims added to (or, as undefined, taken out of) the ID token. */
let claimsOver: Record<string, unknown> = {};
/** An error answer of the token endpoint instead of tokens. */
let tokenError: { status: number; body: unknown } | null = null;
/** When set, discovery names a userinfo endpoint answering this. */
let userinfo: Record<string, unknown> | null = null;
let userinfoRequests = 0;
/** Where discovery says the token endpoint is (by default the provider's own). */
let tokenEndpoint: ((issuer: string) => string) | null = null;
/** When set, the provider also plays the cloud API's list of the organization's services. */
let services: { id: string; name: string }[] | null = null;

beforeAll(async () => {
  provider = await startStub((req, res) => {
    const issuer = provider.url;
    if (req.url === '/.well-known/openid-configuration') {
      return json(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: tokenEndpoint ? tokenEndpoint(issuer) : `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        ...(userinfo ? { userinfo_endpoint: `${issuer}/userinfo` } : {}),
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (req.url === '/jwks') return json(res, 200, { keys: [jwk] });
    if (req.url === `/v1/organizations/${ORG_ID}/services` && services)
      return json(res, 200, { status: 200, requestId: 'u', result: services });
    if (req.url === '/userinfo' && userinfo) {
      userinfoRequests++;
      return json(res, 200, userinfo);
    }
    if (req.url === '/token') {
      tokenRequests++;
      if (tokenError) return json(res, tokenError.status, tokenError.body);
      const now = Math.floor(Date.now() / 1000);
      const claims = {
        iss: issuer,
        aud: CLIENT_ID,
        sub: 'alice-1',
        iat: now,
        exp: now + 300,
        nonce: tokenNonce(askedNonce),
        preferred_username: 'alice',
        email: 'alice@example.com',
        groups: ['admins'],
        ...claimsOver,
      };
      return json(res, 200, { access_token: 'at', token_type: 'Bearer', expires_in: 300, id_token: idToken(claims) });
    }
    json(res, 404, {});
  });
  configureTestEnvironment('http://127.0.0.1:1');
  Object.assign(process.env, {
    OIDC_ISSUER: provider.url,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_CLIENT_SECRET: 'client-secret',
    OIDC_ROLE_MAP: 'admins=admin',
  });
  await installTestDatabase();
  // A busy machine may take a while to open the test database.
}, 60_000);

afterAll(async () => {
  for (const name of ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_ROLE_MAP']) delete process.env[name];
  await provider.close();
  removeTestDataDirs();
});

beforeEach(() => {
  tokenNonce = (asked) => asked;
  tokenRequests = 0;
  claimsOver = {};
  tokenError = null;
  userinfo = null;
  userinfoRequests = 0;
  tokenEndpoint = null;
  services = null;
});

const setCookies = (response: Response) => response.headers.getSetCookie();

/** Starts a sign-in: the sign-in cookie and the state and nonce sent to the provider. */
async function start(next = '/pipes') {
  const response = await startSsoSignIn(testRequest(`/api/auth/oidc/start?next=${encodeURIComponent(next)}`));
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location')!);
  askedNonce = location.searchParams.get('nonce')!;
  const cookie = setCookies(response)
    .find((c) => c.startsWith('sluice_sso='))!
    .split(';')[0]!;
  return { cookie, state: location.searchParams.get('state')! };
}

const callback = (state: string, cookie?: string) =>
  finishSsoSignIn(testRequest(`/api/auth/oidc/callback?code=the-code&state=${state}`, { cookie }), 'req-sso');

const opensSession = (response: Response) =>
  setCookies(response).some((c) => c.startsWith(`${SESSION_COOKIE}=`) && !c.startsWith(`${SESSION_COOKIE}=;`));

async function lastSignInAudit(): Promise<Record<string, unknown> | undefined> {
  const rows = await (
    await consoleDatabase()
  ).query<Record<string, unknown>>(
    "select * from audit_events where operation = 'session.sign-in' order by id desc limit 1",
  );
  return rows[0];
}

describe('the single sign-on callback', () => {
  it('opens a session when the ID token carries the nonce this sign-in sent', async () => {
    const { cookie, state } = await start();
    const response = await callback(state, cookie);
    expect(response.status).toBe(200);
    expect(opensSession(response)).toBe(true);
  });

  it('refuses an ID token whose nonce is not the one this sign-in sent, without a session', async () => {
    tokenNonce = () => 'a-nonce-from-another-sign-in';
    const { cookie, state } = await start();
    const response = await callback(state, cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login?sso_error=failed&next=%2Fpipes');
    expect(opensSession(response)).toBe(false);
    expect(tokenRequests).toBe(1);
    expect(await lastSignInAudit()).toMatchObject({ status: 400, error_code: 'SSO_FAILED' });
  });

  it('refuses a callback without the sign-in cookie before asking the provider', async () => {
    const { state } = await start();
    const response = await callback(state);
    expect(response.headers.get('location')).toBe('/login?sso_error=expired');
    expect(opensSession(response)).toBe(false);
    expect(tokenRequests).toBe(0);
    expect(await lastSignInAudit()).toMatchObject({ status: 400, error_code: 'SSO_EXPIRED' });
  });

  it('refuses a forged sign-in cookie, and one sealed with another secret, before asking the provider', async () => {
    const { state } = await start();
    const foreign = await sealData(
      {
        state,
        nonce: askedNonce,
        verifier: 'v'.repeat(43),
        next: '/pipes',
        redirectUri: 'http://localhost:3000/api/auth/oidc/callback',
      },
      { password: 'another-secret-that-is-at-least-32-characters-long', ttl: 600 },
    );
    for (const cookie of ['sluice_sso=Fe26.2*1*forged', `sluice_sso=${foreign}`]) {
      const response = await callback(state, cookie);
      expect(response.headers.get('location')).toBe('/login?sso_error=expired');
      expect(opensSession(response)).toBe(false);
    }
    expect(tokenRequests).toBe(0);
  });
});

/** The value of the cookie `name` among a response's Set-Cookie headers. */
const cookieValue = (response: Response, name: string) =>
  setCookies(response)
    .find((c) => c.startsWith(`${name}=`))!
    .split(';')[0]!
    .slice(name.length + 1);

describe('starting a single sign-on', () => {
  it('sends the browser to the provider with PKCE (S256), state, nonce, the scope and this console’s callback', async () => {
    const response = await startSsoSignIn(testRequest('/api/auth/oidc/start?next=/pipes'));
    expect(response.headers.get('cache-control')).toBe('no-store');
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${provider.url}/auth`);
    const query = Object.fromEntries(location.searchParams);
    expect(query).toMatchObject({
      client_id: CLIENT_ID,
      response_type: 'code',
      redirect_uri: 'http://localhost:3000/api/auth/oidc/callback',
      scope: 'openid profile email',
      code_challenge_method: 'S256',
    });
    expect(query.prompt).toBeUndefined();
    const transaction = await readSealedCookie(TRANSACTION_COOKIE, cookieValue(response, 'sluice_sso'));
    expect(transaction).toEqual({
      state: query.state,
      nonce: query.nonce,
      verifier: expect.stringMatching(/^[\w-]{43,}$/),
      next: '/pipes',
      redirectUri: query.redirect_uri,
    });
    expect(query.code_challenge).toBe(createHash('sha256').update(transaction!.verifier).digest('base64url'));
  });

  it('keeps the sign-in in flight in an HttpOnly, SameSite=Lax cookie for ten minutes, Secure over https', async () => {
    const plain = await startSsoSignIn(testRequest('/api/auth/oidc/start'));
    expect(setCookies(plain)).toEqual([
      expect.stringMatching(/^sluice_sso=[^;]+; Path=\/api\/auth\/oidc; Max-Age=600; HttpOnly; SameSite=Lax$/),
    ]);
    const secure = await startSsoSignIn(
      testRequest('/api/auth/oidc/start', {
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'console.example.com' },
      }),
    );
    expect(setCookies(secure)[0]).toMatch(/; SameSite=Lax; Secure$/);
    expect(new URL(secure.headers.get('location')!).searchParams.get('redirect_uri')).toBe(
      'https://console.example.com/api/auth/oidc/callback',
    );
  });

  it('asks the provider for a fresh sign-in only for "use another account"', async () => {
    const again = await startSsoSignIn(testRequest('/api/auth/oidc/start?prompt=login'));
    expect(new URL(again.headers.get('location')!).searchParams.get('prompt')).toBe('login');
    const other = await startSsoSignIn(testRequest('/api/auth/oidc/start?prompt=none'));
    expect(new URL(other.headers.get('location')!).searchParams.has('prompt')).toBe(false);
  });

  it('uses OIDC_REDIRECT_URL as the callback when it is set', async () => {
    process.env.OIDC_REDIRECT_URL = 'https://sso.example.com/api/auth/oidc/callback';
    try {
      const response = await startSsoSignIn(testRequest('/api/auth/oidc/start'));
      expect(new URL(response.headers.get('location')!).searchParams.get('redirect_uri')).toBe(
        'https://sso.example.com/api/auth/oidc/callback',
      );
    } finally {
      delete process.env.OIDC_REDIRECT_URL;
    }
  });

  it('sends the browser back to sign-in, keeping where it was going, when the provider does not answer', async () => {
    const issuer = process.env.OIDC_ISSUER;
    process.env.OIDC_ISSUER = 'http://127.0.0.1:1';
    try {
      const response = await startSsoSignIn(testRequest('/api/auth/oidc/start?next=/pipes'));
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/login?sso_error=unavailable&next=%2Fpipes');
      expect(setCookies(response)).toEqual(['sluice_sso=; Path=/api/auth/oidc; Max-Age=0; HttpOnly; SameSite=Lax']);
    } finally {
      process.env.OIDC_ISSUER = issuer;
    }
  });

  it('answers 404 SSO_NOT_CONFIGURED when single sign-on is not set up', async () => {
    const issuer = process.env.OIDC_ISSUER;
    delete process.env.OIDC_ISSUER;
    try {
      await expect(startSsoSignIn(testRequest('/api/auth/oidc/start'))).rejects.toMatchObject({
        status: 404,
        code: 'SSO_NOT_CONFIGURED',
      });
      await expect(finishSsoSignIn(testRequest('/api/auth/oidc/callback'), 'r')).rejects.toMatchObject({
        status: 404,
      });
    } finally {
      process.env.OIDC_ISSUER = issuer;
    }
  });
});

describe('a successful callback', () => {
  it('opens a session through a same-site page that goes on to where the user was going, escaped', async () => {
    const { cookie, state } = await start('/pipes?a=1&b=2');
    const response = await callback(state, cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    const href = '/pipes?a=1&#38;b=2';
    expect(html).toContain(`<meta http-equiv="refresh" content="0;url=${href}">`);
    expect(html).toContain(`<a href="${href}">Continue</a>`);
    const cookies = setCookies(response);
    expect(cookies[0]).toBe('sluice_sso=; Path=/api/auth/oidc; Max-Age=0; HttpOnly; SameSite=Lax');
    expect(cookies[1]).toMatch(new RegExp(`^${SESSION_COOKIE}=[^;]+;`));
  });

  it('stores the user under an id of issuer and subject, with the mapped role, and audits the sign-in', async () => {
    const { cookie, state } = await start();
    await callback(state, cookie);
    const id = ssoUserId(new URL(provider.url).href, 'alice-1');
    const users = await consoleUsers();
    expect(await users.lookup(id)).toMatchObject({ id, name: 'alice', role: 'admin', method: 'sso' });
    const [row] = await (
      await consoleDatabase()
    ).query<{ email: string }>('select email from users where id = $1', [id]);
    expect(row?.email).toBe('alice@example.com');
    expect(await lastSignInAudit()).toMatchObject({
      actor: 'alice',
      actor_role: 'admin',
      auth_method: 'sso',
      status: 200,
      error_code: null,
      request_id: 'req-sso',
    });
  });

  it('names the user by the first of username, email, name and subject that is there, trimmed and at most 200 characters', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ preferred_username: '  al  ' }, 'al'],
      [{ preferred_username: '  ', email: ' a@example.com ' }, 'a@example.com'],
      [{ preferred_username: undefined, email: 42, name: 'Alice A' }, 'Alice A'],
      [{ preferred_username: undefined, email: undefined }, 'alice-1'],
      [{ preferred_username: 'x'.repeat(300) }, 'x'.repeat(200)],
    ];
    for (const [over, name] of cases) {
      claimsOver = over;
      const { cookie, state } = await start();
      await callback(state, cookie);
      expect(await lastSignInAudit()).toMatchObject({ actor: name, status: 200 });
    }
  });

  it('asks the userinfo endpoint for the role claim when the ID token has none, the token’s own claims winning', async () => {
    userinfo = { sub: 'alice-1', groups: ['admins'], preferred_username: 'from-userinfo' };
    claimsOver = { groups: undefined };
    const { cookie, state } = await start();
    expect(opensSession(await callback(state, cookie))).toBe(true);
    expect(userinfoRequests).toBe(1);
    expect(await lastSignInAudit()).toMatchObject({ actor: 'alice', actor_role: 'admin' });
  });

  it('sends a user without the role claim to the no-access page when the provider has no userinfo endpoint to ask', async () => {
    claimsOver = { groups: undefined };
    const { cookie, state } = await start();
    const response = await callback(state, cookie);
    expect(response.headers.get('location')).toBe('/login/no-access');
    expect(await lastSignInAudit()).toMatchObject({ status: 403, error_code: 'SSO_NO_MAPPED_ROLE' });
  });

  it('leaves a user’s per-service roles as they are when the role map gives none', async () => {
    const SERVICE = '7b1c4d2f-3e5a-4b6c-9d0e-1f2a3b4c5d6e';
    const { cookie, state } = await start();
    await callback(state, cookie);
    const users = await consoleUsers();
    const id = ssoUserId(new URL(provider.url).href, 'alice-1');
    await users.replaceServiceRoles(id, { [SERVICE]: 'editor' });
    const again = await start();
    expect(opensSession(await callback(again.state, again.cookie))).toBe(true);
    expect((await users.lookup(id))?.services).toEqual({ [SERVICE]: 'editor' });
  });

  it('does not ask the userinfo endpoint when the ID token has the role claim', async () => {
    userinfo = { sub: 'alice-1', groups: [] };
    const { cookie, state } = await start();
    expect(opensSession(await callback(state, cookie))).toBe(true);
    expect(userinfoRequests).toBe(0);
  });
});

describe('per-service roles from the role map', () => {
  const SERVICE = '7b1c4d2f-3e5a-4b6c-9d0e-1f2a3b4c5d6e';

  it('sets the highest role the user’s values give on each service named by id while the cloud cannot list the services, and leaves out those named by name', async () => {
    const roleMap = process.env.OIDC_ROLE_MAP;
    process.env.OIDC_ROLE_MAP = `admins=viewer,admins=viewer@${SERVICE},admins=editor@${SERVICE},ops=admin@${SERVICE},admins=admin@Staging`;
    try {
      const { cookie, state } = await start();
      expect(opensSession(await callback(state, cookie))).toBe(true);
      const user = await (await consoleUsers()).lookup(ssoUserId(new URL(provider.url).href, 'alice-1'));
      expect(user?.role).toBe('viewer');
      expect(user?.services).toEqual({ [SERVICE]: 'editor' });
    } finally {
      process.env.OIDC_ROLE_MAP = roleMap;
    }
  });

  it('finds services named by name in the organization’s list, keeping the highest role when a name and an id are the same service, and leaves out a name it does not have', async () => {
    const OTHER = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    const [roleMap, cloudUrl] = [process.env.OIDC_ROLE_MAP, process.env.CLOUD_API_URL];
    services = [
      { id: SERVICE, name: 'Staging' },
      { id: OTHER, name: 'Production' },
    ];
    process.env.OIDC_ROLE_MAP = `admins=viewer,admins=admin@Staging,admins=viewer@${SERVICE},admins=viewer@Production,admins=editor@${OTHER},admins=admin@Nowhere`;
    process.env.CLOUD_API_URL = provider.url;
    resetEnvCache();
    try {
      const { cookie, state } = await start();
      expect(opensSession(await callback(state, cookie))).toBe(true);
      const user = await (await consoleUsers()).lookup(ssoUserId(new URL(provider.url).href, 'alice-1'));
      expect(user?.services).toEqual({ [SERVICE]: 'admin', [OTHER]: 'editor' });
    } finally {
      process.env.OIDC_ROLE_MAP = roleMap;
      process.env.CLOUD_API_URL = cloudUrl;
      resetEnvCache();
    }
  });
});

describe('a callback the role map lets nothing through', () => {
  it('sends the user to the no-access page with who they are and which values they have, without a session', async () => {
    const values = ['nobody', 'y'.repeat(150), ...Array.from({ length: 25 }, (_, i) => `g${i}`)];
    claimsOver = { groups: values };
    const { cookie, state } = await start();
    const response = await callback(state, cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login/no-access');
    expect(opensSession(response)).toBe(false);
    const cookies = setCookies(response);
    expect(cookies[0]).toBe('sluice_sso=; Path=/api/auth/oidc; Max-Age=0; HttpOnly; SameSite=Lax');
    expect(cookies[1]).toMatch(/^sluice_sso_refused=[^;]+; Path=\/login; Max-Age=300; HttpOnly; SameSite=Lax$/);
    expect(await readSealedCookie(REFUSAL_COOKIE, cookieValue(response, 'sluice_sso_refused'))).toEqual({
      name: 'alice',
      values: values.slice(0, 20).map((v) => v.slice(0, 100)),
      claim: 'groups',
    });
    expect(await lastSignInAudit()).toMatchObject({
      actor: 'alice',
      actor_role: null,
      status: 403,
      error_code: 'SSO_NO_MAPPED_ROLE',
    });
  });
});

describe('a callback the provider or the checks refuse', () => {
  it('tells a code the provider no longer takes (invalid_grant) from other token errors', async () => {
    for (const [error, code] of [
      ['invalid_grant', 'code'],
      ['invalid_client', 'failed'],
    ] as const) {
      tokenError = { status: 400, body: { error } };
      const { cookie, state } = await start();
      const response = await callback(state, cookie);
      expect(response.headers.get('location')).toBe(`/login?sso_error=${code}&next=%2Fpipes`);
      expect(await lastSignInAudit()).toMatchObject({ status: 400, error_code: `SSO_${code.toUpperCase()}` });
    }
  });

  it('refuses a callback whose state is not this sign-in’s, before asking for tokens', async () => {
    const { cookie } = await start();
    const response = await callback('another-state', cookie);
    expect(response.headers.get('location')).toBe('/login?sso_error=state&next=%2Fpipes');
    expect(tokenRequests).toBe(0);
    expect(await lastSignInAudit()).toMatchObject({ status: 400, error_code: 'SSO_STATE' });
  });

  it('reports a sign-in the user or the provider turned down as denied', async () => {
    const { cookie, state } = await start();
    const response = await finishSsoSignIn(
      testRequest(`/api/auth/oidc/callback?error=access_denied&state=${state}`, { cookie }),
      'req-sso',
    );
    expect(response.headers.get('location')).toBe('/login?sso_error=denied&next=%2Fpipes');
    expect(await lastSignInAudit()).toMatchObject({ status: 400, error_code: 'SSO_DENIED' });
  });

  it('reports a token endpoint it cannot reach as unavailable, audited as 502', async () => {
    // A port nothing listens on any more (fetch refuses port 1 outright, without a connection error).
    const gone = await startStub();
    await gone.close();
    tokenEndpoint = () => `${gone.url}/token`;
    const { cookie, state } = await start();
    const response = await callback(state, cookie);
    expect(response.headers.get('location')).toBe('/login?sso_error=unavailable&next=%2Fpipes');
    expect(opensSession(response)).toBe(false);
    expect(await lastSignInAudit()).toMatchObject({ status: 502, error_code: 'SSO_UNAVAILABLE' });
  });
});

describe('ssoUserId', () => {
  it('is the subject behind a short tag of the issuer, so one subject at two issuers is two people', () => {
    const tag = createHash('sha256').update('https://a.example/').digest('base64url').slice(0, 8);
    expect(ssoUserId('https://a.example/', 'sub-1')).toBe(`sso:${tag}:sub-1`);
    expect(ssoUserId('https://b.example/', 'sub-1')).not.toBe(ssoUserId('https://a.example/', 'sub-1'));
  });
});

describe('the sign-in cookies', () => {
  const sealed = async <T>(cookie: SealedCookie<T>, value: unknown) =>
    (await sealCookie(cookie, value as T, testRequest('/'))).split(';')[0]!.slice(cookie.name.length + 1);
  const read = async <T>(cookie: SealedCookie<T>, value: unknown) =>
    readSealedCookie(cookie, await sealed(cookie, value));

  it('read back a sign-in in flight only when each of its five fields is text, not empty', async () => {
    const flight = { state: 's', nonce: 'n', verifier: 'v', next: '/', redirectUri: 'http://x/cb' };
    expect(await read(TRANSACTION_COOKIE, flight)).toEqual(flight);
    for (const field of Object.keys(flight))
      for (const bad of ['', 7, undefined])
        expect(await read(TRANSACTION_COOKIE, { ...flight, [field]: bad }), `${field}: ${bad}`).toBeNull();
    for (const bad of [null, 'text', 42]) expect(await read(TRANSACTION_COOKIE, bad)).toBeNull();
  });

  it('read back a refusal only with a name, a claim and a list of values', async () => {
    const refusal = { name: 'alice', claim: 'groups', values: [] };
    expect(await read(REFUSAL_COOKIE, refusal)).toEqual(refusal);
    for (const bad of [
      { ...refusal, name: '' },
      { ...refusal, name: 1 },
      { ...refusal, claim: '' },
      { ...refusal, claim: undefined },
      { ...refusal, values: 'admins' },
      null,
      'alice',
    ])
      expect(await read(REFUSAL_COOKIE, bad)).toBeNull();
  });

  it('read a sign-in in flight back for its ten minutes, and as none after them', async () => {
    const flight = { state: 's', nonce: 'n', verifier: 'v', next: '/', redirectUri: 'http://x/cb' };
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const cookie = await sealed(TRANSACTION_COOKIE, flight);
      vi.setSystemTime(Date.now() + 9 * 60_000);
      expect(await readSealedCookie(TRANSACTION_COOKIE, cookie)).toEqual(flight);
      vi.setSystemTime(Date.now() + 2 * 60_000);
      expect(await readSealedCookie(TRANSACTION_COOKIE, cookie)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('ignore a cookie past 4096 characters, and a missing one', async () => {
    const flight = { state: 's', nonce: 'n', verifier: 'v', next: `/${'x'.repeat(4000)}`, redirectUri: 'http://x/cb' };
    const long = await sealed(TRANSACTION_COOKIE, flight);
    expect(long.length).toBeGreaterThan(4096);
    expect(await readSealedCookie(TRANSACTION_COOKIE, long)).toBeNull();
    expect(await readSealedCookie(TRANSACTION_COOKIE, '')).toBeNull();
    expect(await readSealedCookie(TRANSACTION_COOKIE, undefined)).toBeNull();
  });
});
