/**
 * The single sign-on callback's refusals, against a minimal OpenID Connect provider on loopback
 * (discovery, keys, token endpoint; the browser's visit to its sign-in page is skipped): an ID
 * token whose nonce is not the one this sign-in sent, and a missing or forged sign-in cookie,
 * each end on the sign-in page without a session. The matching nonce is the control.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { sealData } from 'iron-session';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { consoleDatabase } from '../db/shared';
import { SESSION_COOKIE } from '../session';
import {
  configureTestEnvironment,
  installTestDatabase,
  json,
  removeTestDataDirs,
  startStub,
  testRequest,
  type StubServer,
} from '../test-support';
// The flow itself rather than its two thin routes, so mutation testing reaches it through a relative import.
import { finishSsoSignIn, startSsoSignIn } from './flow';

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

beforeAll(async () => {
  provider = await startStub((req, res) => {
    const issuer = provider.url;
    if (req.url === '/.well-known/openid-configuration') {
      return json(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (req.url === '/jwks') return json(res, 200, { keys: [jwk] });
    if (req.url === '/token') {
      tokenRequests++;
      const now = Math.floor(Date.now() / 1000);
      const claims = {
        iss: issuer,
        aud: CLIENT_ID,
        sub: 'alice-1',
        iat: now,
        exp: now + 300,
        nonce: tokenNonce(askedNonce),
        preferred_username: 'alice',
        groups: ['admins'],
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
});

afterAll(async () => {
  for (const name of ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_ROLE_MAP']) delete process.env[name];
  await provider.close();
  removeTestDataDirs();
});

beforeEach(() => {
  tokenNonce = (asked) => asked;
  tokenRequests = 0;
});

const setCookies = (response: Response) => response.headers.getSetCookie();

/** Starts a sign-in: the sign-in cookie and the state and nonce sent to the provider. */
async function start() {
  const response = await startSsoSignIn(testRequest('/api/auth/oidc/start?next=/pipes'));
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
