import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as sessionRoute from '@/app/api/session/route';
import * as keysRoute from '@/app/api/cloud/v1/organizations/[organizationId]/keys/route';
import { SIGN_IN_LIMITS } from './sign-in';
import {
  configureTestEnvironment,
  json,
  ORG_ID,
  readJson,
  removeTestDataDirs,
  routeContext,
  startStub,
  testRequest,
  testUsers,
  type StubServer,
} from './test-support';

const cookieStore = new Map<string, string>();
vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => (cookieStore.has(name) ? { name, value: cookieStore.get(name) } : undefined),
  }),
}));

let stub: StubServer;
let address = 0;
/** Each test signs in from its own address so the limiters do not leak between tests. */
let clientIp = '';

beforeAll(async () => {
  stub = await startStub((_req, res) => json(res, 200, { status: 200, requestId: 'u', result: [] }));
  configureTestEnvironment(stub.url);
  await (await testUsers()).add('alice', 'editor', 'alice-password');
});

afterAll(async () => {
  await stub.close();
  removeTestDataDirs();
});

beforeEach(() => {
  clientIp = `203.0.113.${++address}`;
  cookieStore.clear();
});

const signIn = (username: string, password: string, headers: Record<string, string> = {}, origin?: string) =>
  sessionRoute.POST(
    testRequest('/api/session', {
      method: 'POST',
      json: { username, password },
      origin,
      headers: { 'x-forwarded-for': `${clientIp}, 10.0.0.1`, ...headers },
    }),
    routeContext({}),
  );

function sessionCookie(response: Response): string {
  const header = response.headers.get('set-cookie') ?? '';
  return header.split(';')[0] ?? '';
}

describe('POST /api/session', () => {
  it('signs in with an HttpOnly, SameSite=Strict cookie that opens the BFF', async () => {
    const response = await signIn('alice', 'alice-password');
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ user: { name: 'alice', role: 'editor', method: 'password' } });
    const header = response.headers.get('set-cookie') ?? '';
    expect(header).toMatch(/^sluice_session=Fe26\.2\*/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    expect(header).toContain('Path=/');
    expect(header).toContain('Max-Age=43200');
    expect(header).not.toContain('Secure');

    const keys = await keysRoute.GET(
      testRequest(`/api/cloud/v1/organizations/${ORG_ID}/keys`, { cookie: sessionCookie(response) }),
      routeContext({ organizationId: ORG_ID }),
    );
    expect(keys.status).toBe(200);
  });

  it('marks the cookie Secure when the request arrived over HTTPS', async () => {
    const response = await signIn('alice', 'alice-password', {
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'localhost:3000',
    });
    expect(response.status).toBe(403);
    const secure = await signIn(
      'alice',
      'alice-password',
      { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'console.example' },
      'https://console.example',
    );
    expect(secure.status).toBe(200);
    expect(secure.headers.get('set-cookie')).toContain('; Secure');
  });

  it('answers 401 with the same message for an unknown user and a wrong password', async () => {
    const unknown = await readJson(await signIn('mallory', 'alice-password'));
    const wrong = await readJson(await signIn('alice', 'wrong-password'));
    expect(unknown).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
    expect(wrong).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS', error: unknown.error });
  });

  it('answers 429 with Retry-After after repeated failures, even for the right password', async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.perUserAndAddress.points; i++) {
      expect((await signIn('alice', `wrong-${i}`)).status).toBe(401);
    }
    const limited = await signIn('alice', 'alice-password');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await readJson(limited)).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
  });

  it('limits a user name across addresses, since X-Forwarded-For can be forged', async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.perUser.points; i++) {
      clientIp = `198.51.100.${i + 1}`;
      expect((await signIn('carol', `wrong-${i}`)).status).toBe(401);
    }
    clientIp = '198.51.100.200';
    expect((await signIn('carol', 'carol-password')).status).toBe(429);
  });

  it('limits an address across user names', async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress.points; i++) {
      expect((await signIn(`guess${i}`, 'wrong-password')).status).toBe(401);
    }
    expect((await signIn('alice', 'alice-password')).status).toBe(429);
  });

  it('requires same-origin and JSON', async () => {
    expect((await signIn('alice', 'alice-password', {}, 'https://evil.example')).status).toBe(403);
    const form = await sessionRoute.POST(
      testRequest('/api/session', {
        method: 'POST',
        body: 'username=alice&password=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      routeContext({}),
    );
    expect(form.status).toBe(415);
  });
});

describe('GET and DELETE /api/session', () => {
  it('tells who is signed in, and 401 when nobody is', async () => {
    const cookie = sessionCookie(await signIn('alice', 'alice-password'));
    const me = await sessionRoute.GET(testRequest('/api/session', { cookie }), routeContext({}));
    expect(await readJson(me)).toEqual({ user: { name: 'alice', role: 'editor', method: 'password' } });
    const nobody = await sessionRoute.GET(testRequest('/api/session'), routeContext({}));
    expect(nobody.status).toBe(401);
  });

  it('signs out: clears the cookie and the old cookie stops working', async () => {
    const cookie = sessionCookie(await signIn('alice', 'alice-password'));
    const foreign = await sessionRoute.DELETE(
      testRequest('/api/session', { method: 'DELETE', cookie, origin: 'https://evil.example' }),
      routeContext({}),
    );
    expect(foreign.status).toBe(403);
    const out = await sessionRoute.DELETE(testRequest('/api/session', { method: 'DELETE', cookie }), routeContext({}));
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^sluice_session=; .*Max-Age=0/);
    expect((await sessionRoute.GET(testRequest('/api/session', { cookie }), routeContext({}))).status).toBe(401);
  });

  it('ends sessions when the password changes', async () => {
    const users = await testUsers();
    await users.add('bob', 'viewer', 'bob-password');
    const cookie = sessionCookie(await signIn('bob', 'bob-password'));
    expect((await sessionRoute.GET(testRequest('/api/session', { cookie }), routeContext({}))).status).toBe(200);
    await users.setPassword('bob', 'bob-new-password');
    expect((await sessionRoute.GET(testRequest('/api/session', { cookie }), routeContext({}))).status).toBe(401);
  });

  it('currentUser() reads the same cookie through next/headers', async () => {
    const { currentUser } = await import('./session');
    const cookie = sessionCookie(await signIn('alice', 'alice-password'));
    cookieStore.set('sluice_session', cookie.slice('sluice_session='.length));
    expect(await currentUser()).toEqual({ name: 'alice', role: 'editor', method: 'password' });
    cookieStore.clear();
    expect(await currentUser()).toBeNull();
  });
});

describe('LOCAL_USERS=off', () => {
  it('refuses console passwords and ends the sessions they opened', async () => {
    const cookie = sessionCookie(await signIn('alice', 'alice-password'));
    Object.assign(process.env, {
      LOCAL_USERS: 'off',
      OIDC_ISSUER: 'https://login.example.com',
      OIDC_CLIENT_ID: 'sluice',
      OIDC_ROLE_MAP: 'ops=admin',
    });
    try {
      const refused = await signIn('alice', 'alice-password');
      expect(refused.status).toBe(403);
      expect(await readJson(refused)).toMatchObject({ code: 'LOCAL_SIGN_IN_OFF' });
      expect((await sessionRoute.GET(testRequest('/api/session', { cookie }), routeContext({}))).status).toBe(401);
    } finally {
      for (const name of ['LOCAL_USERS', 'OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_ROLE_MAP']) delete process.env[name];
    }
    expect((await sessionRoute.GET(testRequest('/api/session', { cookie }), routeContext({}))).status).toBe(200);
  });
});
