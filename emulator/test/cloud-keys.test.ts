import { describe, expect, it } from 'vitest';
import { emulatorForFile } from './harness';

const t = emulatorForFile();

interface KeyRecord {
  id: string;
  name: string;
  state: string;
  roles: string[];
  keySuffix: string;
  createdAt: string;
  expireAt: string | null;
  usedAt: string | null;
  ipAccessList: { source: string; description: string }[];
}
type Envelope<T> = { status: number; result: T; error?: string };

describe('API keys', () => {
  it('lists the seeded keys without any secret material', async () => {
    const res = await t.cloud<Envelope<KeyRecord[]>>('GET', `${t.org}/keys`);
    expect(res.status).toBe(200);
    const names = res.body.result.map((k) => k.name);
    expect(names).toEqual([
      'Sluice console',
      'Terraform automation',
      'CI deploy',
      'BI dashboards',
      'Legacy ETL',
      'Contractor access',
    ]);
    const consoleKey = res.body.result[0]!;
    expect(consoleKey.keySuffix).toBe(t.emulator.cloudKeyId.slice(-4));
    expect(consoleKey.roles).toEqual(['admin']);
    expect(res.body.result.some((k) => k.state === 'disabled')).toBe(true);
    expect(res.body.result.some((k) => k.expireAt !== null && Date.parse(k.expireAt) < Date.now())).toBe(true);
    expect(
      res.body.result.some(
        (k) =>
          k.expireAt !== null &&
          Date.parse(k.expireAt) - Date.now() < 7 * 86_400_000 &&
          Date.parse(k.expireAt) > Date.now(),
      ),
    ).toBe(true);
    expect(res.body.result.some((k) => k.ipAccessList.length > 0)).toBe(true);
    expect(res.text).not.toMatch(/secret|hash/i);
    expect(res.text).not.toContain(t.emulator.cloudKeySecret);
  });

  it('returns the id/secret pair once at creation and never again', async () => {
    const created = await t.cloud<Envelope<{ key: KeyRecord; keyId: string; keySecret: string }>>(
      'POST',
      `${t.org}/keys`,
      {
        body: { name: '  Reporting  ', roles: ['developer', 'developer'], expireAt: '2099-01-01T00:00:00Z' },
      },
    );
    expect(created.status).toBe(200);
    const { key, keyId, keySecret } = created.body.result;
    expect(keyId).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(keySecret.length).toBeGreaterThanOrEqual(40);
    expect(key).toMatchObject({
      name: 'Reporting',
      state: 'enabled',
      roles: ['developer'],
      keySuffix: keyId.slice(-4),
      expireAt: '2099-01-01T00:00:00.000Z',
      ipAccessList: [],
    });
    expect(key).not.toHaveProperty('usedAt');
    expect(key.id).not.toBe(keyId);

    const fetched = await t.cloud<Envelope<KeyRecord>>('GET', `${t.org}/keys/${key.id}`);
    expect(fetched.body.result).toEqual(key);
    expect(fetched.text).not.toContain(keySecret);
    const listed = await t.cloud('GET', `${t.org}/keys`);
    expect(listed.text).not.toContain(keySecret);

    expect((await t.cloud('GET', t.service, { auth: [keyId, keySecret] })).status).toBe(200);
  });

  it.each([
    [{ roles: ['admin'] }, 'BAD_REQUEST: name is required'],
    [{ name: '   ', roles: ['admin'] }, 'BAD_REQUEST: name is required'],
    [{ name: 'x'.repeat(129), roles: ['admin'] }, 'BAD_REQUEST: name must be at most 128 characters'],
    [{ name: 'k' }, 'BAD_REQUEST: roles must contain at least 1 element of admin, developer, query_endpoints'],
    [
      { name: 'k', roles: [] },
      'BAD_REQUEST: roles must contain at least 1 element of admin, developer, query_endpoints',
    ],
    [
      { name: 'k', roles: ['admin', 'owner'] },
      'BAD_REQUEST: roles[1] must be one of admin, developer, query_endpoints',
    ],
    [{ name: 'k', roles: ['admin'], state: 'paused' }, 'BAD_REQUEST: state must be one of enabled, disabled'],
    [
      { name: 'k', roles: ['admin'], expireAt: 'next tuesday' },
      'BAD_REQUEST: expireAt must be an ISO-8601 timestamp, or null or empty for a key that never expires',
    ],
    [
      { name: 'k', roles: ['admin'], ipAccessList: 'anywhere' },
      'BAD_REQUEST: ipAccessList must be an array of {source, description} entries',
    ],
    [
      { name: 'k', roles: ['admin'], ipAccessList: [{ source: '10.0.0.300', description: '' }] },
      'BAD_REQUEST: ipAccessList[0].source is not a valid IP address or CIDR range',
    ],
    [
      { name: 'k', roles: ['admin'], ipAccessList: [{ source: '10.0.0.0/8' }, { source: '10.0.0.0/33' }] },
      'BAD_REQUEST: ipAccessList[1].source is not a valid IP address or CIDR range',
    ],
    [
      { name: 'k', roles: ['admin'], ipAccessList: [{ description: 'x' }] },
      'BAD_REQUEST: ipAccessList[0].source is required',
    ],
    [
      { name: 'k', roles: ['admin'], ipAccessList: [{ source: '::1', description: 5 }] },
      'BAD_REQUEST: ipAccessList[0].description must be a string',
    ],
    [['not', 'an', 'object'], 'BAD_REQUEST: request body must be a JSON object'],
  ])('rejects creation body %j', async (body, error) => {
    const res = await t.cloud<{ status: number; error: string }>('POST', `${t.org}/keys`, { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400, error });
  });

  it('applies PATCH rules: partial updates, never-expiring forms and IPv4/IPv6/CIDR sources', async () => {
    const { id } = await t.createKey({ name: 'patch me', roles: ['developer'], expireAt: '2099-06-01T12:00:00Z' });
    const patch = (body: unknown) => t.cloud<Envelope<KeyRecord>>('PATCH', `${t.org}/keys/${id}`, { body });

    const renamed = await patch({ name: 'patched', roles: ['admin', 'query_endpoints'] });
    expect(renamed.body.result).toMatchObject({
      name: 'patched',
      roles: ['admin', 'query_endpoints'],
      expireAt: '2099-06-01T12:00:00.000Z',
      state: 'enabled',
    });

    expect((await patch({ expireAt: '' })).body.result).not.toHaveProperty('expireAt');
    await patch({ expireAt: '2099-06-01T12:00:00+02:00' });
    expect((await patch({ expireAt: null })).body.result).not.toHaveProperty('expireAt');

    const list = [
      { source: '192.0.2.10', description: 'host' },
      { source: '198.51.100.0/24', description: 'range' },
      { source: '2001:db8::1', description: 'v6 host' },
      { source: '2001:db8::/48', description: 'v6 range' },
    ];
    expect((await patch({ ipAccessList: list })).body.result.ipAccessList).toEqual(list);
    expect((await patch({ state: 'disabled' })).body.result).toMatchObject({
      state: 'disabled',
      name: 'patched',
      ipAccessList: list,
    });
  });

  it.each([
    [{ roles: [] }, 'BAD_REQUEST: roles must contain at least 1 element of admin, developer, query_endpoints'],
    [{ state: 'on' }, 'BAD_REQUEST: state must be one of enabled, disabled'],
    [{ name: '' }, 'BAD_REQUEST: name is required'],
    [
      { expireAt: '2024-13-45' },
      'BAD_REQUEST: expireAt must be an ISO-8601 timestamp, or null or empty for a key that never expires',
    ],
    [
      { ipAccessList: [{ source: 'example.com', description: 'dns' }] },
      'BAD_REQUEST: ipAccessList[0].source is not a valid IP address or CIDR range',
    ],
  ])('rejects PATCH body %j and leaves the key unchanged', async (body, error) => {
    const { id } = await t.createKey({ name: 'stable', roles: ['developer'] });
    const res = await t.cloud<{ error: string }>('PATCH', `${t.org}/keys/${id}`, { body });
    expect([res.status, res.body.error]).toEqual([400, error]);
    const after = await t.cloud<Envelope<KeyRecord>>('GET', `${t.org}/keys/${id}`);
    expect(after.body.result).toMatchObject({ name: 'stable', roles: ['developer'], state: 'enabled' });
  });

  it('deletes other keys but refuses to let a key delete itself', async () => {
    const { pair, id } = await t.createKey({ name: 'second admin', roles: ['admin'] });
    const consoleKeyId = (await t.cloud<Envelope<KeyRecord[]>>('GET', `${t.org}/keys`)).body.result[0]!.id;

    const self = await t.cloud<{ error: string }>('DELETE', `${t.org}/keys/${consoleKeyId}`);
    expect(self.status).toBe(400);
    expect(self.body.error).toBe('BAD_REQUEST: an API key cannot delete itself; delete it with another admin key');

    const selfToo = await t.cloud('DELETE', `${t.org}/keys/${id}`, { auth: pair });
    expect(selfToo.status).toBe(400);

    const removed = await t.cloud<{ status: number; requestId: string }>('DELETE', `${t.org}/keys/${id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ status: 200, requestId: expect.any(String) });
    expect((await t.cloud('GET', `${t.org}/keys/${id}`)).status).toBe(404);
    expect((await t.cloud('GET', t.org, { auth: pair })).status).toBe(401);
  });

  it('answers 404 for an unknown key id', async () => {
    const missing = '11111111-1111-4111-8111-111111111111';
    const res = await t.cloud<{ error: string }>('PATCH', `${t.org}/keys/${missing}`, { body: { name: 'x' } });
    expect([res.status, res.body.error]).toEqual([404, `NOT_FOUND: API key ${missing} not found`]);
  });
});
