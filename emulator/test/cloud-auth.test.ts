import { describe, expect, it } from 'vitest';
import { emulatorForFile } from './harness';

const t = emulatorForFile();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('cloud surface authentication', () => {
  it('answers the seeded admin key with the success envelope', async () => {
    const res = await t.cloud<{ status: number; requestId: string; result: { id: string } }>('GET', t.org);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(200);
    expect(res.body.requestId).toMatch(UUID);
    expect(res.body.result.id).toBe(t.emulator.organizationId);
  });

  it.each([
    ['no Authorization header', null, 'UNAUTHORIZED: authentication required'],
    ['a Bearer token', 'Bearer abc', 'UNAUTHORIZED: invalid Authorization header'],
    ['an unknown key id', ['nope', 'secret'] as const, 'UNAUTHORIZED: invalid API key id or secret'],
    ['a wrong secret', 'wrong-secret', 'UNAUTHORIZED: invalid API key id or secret'],
    [
      'a pair without a colon',
      `Basic ${Buffer.from('just-an-id').toString('base64')}`,
      'UNAUTHORIZED: invalid API key id or secret',
    ],
  ])('rejects %s with 401', async (_label, auth, error) => {
    const resolved = auth === 'wrong-secret' ? ([t.emulator.cloudKeyId, 'not-the-secret'] as const) : auth;
    const res = await t.cloud<{ status: number; error: string; requestId: string }>('GET', t.org, { auth: resolved });
    expect(res.status).toBe(401);
    expect(res.body.status).toBe(401);
    expect(res.body.error.startsWith(error)).toBe(true);
    expect(res.body.requestId).toMatch(UUID);
  });

  it('rejects a disabled key and accepts it again once enabled', async () => {
    const { pair, id } = await t.createKey({ name: 'toggle', roles: ['developer'] });
    expect((await t.cloud('GET', t.org, { auth: pair })).status).toBe(200);
    await t.cloud('PATCH', `${t.org}/keys/${id}`, { body: { state: 'disabled' } });
    const disabled = await t.cloud<{ error: string }>('GET', t.org, { auth: pair });
    expect(disabled.status).toBe(401);
    expect(disabled.body.error).toBe('UNAUTHORIZED: API key is disabled');
    await t.cloud('PATCH', `${t.org}/keys/${id}`, { body: { state: 'enabled' } });
    expect((await t.cloud('GET', t.org, { auth: pair })).status).toBe(200);
  });

  it('rejects an expired key', async () => {
    const { pair, id } = await t.createKey({ name: 'short-lived', roles: ['admin'] });
    await t.cloud('PATCH', `${t.org}/keys/${id}`, { body: { expireAt: new Date(Date.now() - 60_000).toISOString() } });
    const res = await t.cloud<{ error: string }>('GET', t.org, { auth: pair });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('UNAUTHORIZED: API key has expired');
  });

  it('rejects a key whose IP access list does not cover the caller', async () => {
    const { pair, id } = await t.createKey({
      name: 'office only',
      roles: ['admin'],
      ipAccessList: [{ source: '203.0.113.0/24', description: 'office' }],
    });
    const res = await t.cloud<{ error: string }>('GET', t.org, { auth: pair });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatch(/^UNAUTHORIZED: API key is not allowed from 127\.0\.0\.1/);
    await t.cloud('PATCH', `${t.org}/keys/${id}`, {
      body: { ipAccessList: [{ source: '127.0.0.0/8', description: 'loopback' }] },
    });
    expect((await t.cloud('GET', t.org, { auth: pair })).status).toBe(200);
  });

  it('forbids developer keys every /keys operation but allows other resources', async () => {
    const { pair } = await t.createKey({ name: 'dev', roles: ['developer'] });
    for (const [method, path] of [
      ['GET', `${t.org}/keys`],
      ['POST', `${t.org}/keys`],
      ['GET', `${t.org}/keys/${t.emulator.serviceId}`],
    ] as const) {
      const res = await t.cloud<{ error: string }>(method, path, {
        auth: pair,
        body: method === 'POST' ? { name: 'x', roles: ['admin'] } : undefined,
      });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('FORBIDDEN: this operation requires an API key with the admin role');
    }
    expect((await t.cloud('GET', t.service, { auth: pair })).status).toBe(200);
  });

  it('forbids query_endpoints keys everything on this surface', async () => {
    const { pair } = await t.createKey({ name: 'queries', roles: ['query_endpoints'] });
    for (const path of [t.org, t.service, `${t.org}/keys`, `${t.service}/clickstack/dashboards`]) {
      const res = await t.cloud<{ error: string }>('GET', path, { auth: pair });
      expect(res.status).toBe(403);
      expect(res.body.error).toMatch(/^FORBIDDEN: /);
    }
  });

  it('records usedAt when a key authenticates', async () => {
    const { pair, id } = await t.createKey({ name: 'usage', roles: ['developer'] });
    const before = await t.cloud<{ result: { usedAt: string | null } }>('GET', `${t.org}/keys/${id}`);
    expect(before.body.result).not.toHaveProperty('usedAt');
    await t.cloud('GET', t.org, { auth: pair });
    const after = await t.cloud<{ result: { usedAt: string | null } }>('GET', `${t.org}/keys/${id}`);
    expect(Date.parse(after.body.result.usedAt ?? '')).toBeGreaterThan(Date.now() - 10_000);
  });

  it('answers unknown organizations, services and routes with 404 and bad ids with 400', async () => {
    const otherOrg = '00000000-0000-4000-8000-000000000000';
    const org = await t.cloud<{ error: string }>('GET', `/v1/organizations/${otherOrg}`);
    expect([org.status, org.body.error]).toEqual([404, `NOT_FOUND: organization ${otherOrg} not found`]);
    const svc = await t.cloud<{ error: string }>('GET', `${t.org}/services/${otherOrg}`);
    expect([svc.status, svc.body.error]).toEqual([404, `NOT_FOUND: service ${otherOrg} not found`]);
    const route = await t.cloud<{ error: string }>('GET', `${t.org}/nothing-here`);
    expect(route.status).toBe(404);
    expect(route.body.error).toMatch(/^NOT_FOUND: /);
    const bad = await t.cloud<{ error: string }>('GET', '/v1/organizations/not-a-uuid');
    expect([bad.status, bad.body.error]).toEqual([400, 'BAD_REQUEST: organizationId must be a UUID']);
  });

  it('answers a malformed JSON body with 400', async () => {
    const res = await t.cloud<{ status: number; error: string }>('POST', `${t.org}/keys`, { rawBody: '{"name": ' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^BAD_REQUEST: request body is not valid JSON/);
  });
});
