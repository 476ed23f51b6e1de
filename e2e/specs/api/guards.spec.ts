/**
 * The backend-for-frontend's guards, exercised over HTTP as a browser (or an attacker) would.
 * Each refused request must also never reach the upstream: the emulator's request log proves it.
 */
import { E2E, consoleUrl } from '../../fixtures/env';
import { emulator } from '../../fixtures/emulator';
import { expect, test } from '../../fixtures/test';

const keysPath = `/api/cloud/v1/organizations/${E2E.organizationId}/keys`;
const scalingPath = `/api/cloud/v1/organizations/${E2E.organizationId}/services/${E2E.serviceId}/datapipesCdcScaling`;
const newKey = { name: 'from-a-test', roles: ['developer'] };

test.describe('BFF guards', () => {
  test('a request from a foreign origin is refused before it reaches the upstream', async ({ page, signIn }) => {
    await signIn('admin');
    await emulator.clearRequests();

    const foreign = await page.request.post(keysPath, { data: newKey, headers: { origin: 'https://evil.example' } });
    expect(foreign.status()).toBe(403);
    expect(await foreign.json()).toMatchObject({ status: 403, code: 'FOREIGN_ORIGIN' });

    const crossSite = await page.request.post(keysPath, { data: newKey, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status()).toBe(403);

    const log = await emulator.requests();
    expect(log.filter((entry) => entry.method === 'POST')).toEqual([]);

    const sameOrigin = await page.request.post(keysPath, { data: newKey, headers: { origin: consoleUrl } });
    expect(sameOrigin.status()).toBe(200);
  });

  test('signed-out requests get 401 with the error body', async ({ request }) => {
    const response = await request.get(keysPath);
    expect(response.status()).toBe(401);
    const body = await response.json();
    expect(body).toMatchObject({ status: 401 });
    expect(typeof body.error).toBe('string');
    expect(typeof body.code).toBe('string');
    expect(typeof body.requestId).toBe('string');
  });

  test('a viewer reads but cannot mutate', async ({ page, signIn }) => {
    await signIn('viewer');
    expect((await page.request.get(keysPath)).status()).toBe(200);
    const create = await page.request.post(keysPath, { data: newKey, headers: { origin: consoleUrl } });
    expect(create.status()).toBe(403);
    expect(await create.json()).toMatchObject({ code: 'FORBIDDEN' });
    const scale = await page.request.patch(scalingPath, {
      data: { replicaCpuMillicores: 2000, replicaMemoryGb: 8 },
      headers: { origin: consoleUrl },
    });
    expect(scale.status()).toBe(403);
  });

  test('an editor cannot manage keys', async ({ page, signIn }) => {
    await signIn('editor');
    const create = await page.request.post(keysPath, { data: newKey, headers: { origin: consoleUrl } });
    expect(create.status()).toBe(403);
  });

  test('ids are checked before they reach an upstream URL, and unknown paths are 404', async ({ page, signIn }) => {
    await signIn('admin');
    await emulator.clearRequests();
    const badIds = [
      '/api/cloud/v1/organizations/not-a-uuid/keys',
      `/api/cloud/v1/organizations/${E2E.organizationId}/keys/..%2F..%2Fservices`,
    ];
    for (const path of badIds) {
      const response = await page.request.get(path);
      expect([400, 404], path).toContain(response.status());
      expect(response.headers()['content-type']).toContain('application/json');
    }
    const unknown = await page.request.get(`/api/cloud/v1/organizations/${E2E.organizationId}/billing`);
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    // Only what this test sent counts: the console also reads on its own (the pipe metrics sampler,
    // a page still loading after sign-in).
    // (`organizations/services` is where the dot segments would lead once resolved.)
    const reached = (await emulator.requests()).filter((entry) =>
      /not-a-uuid|\.\.|%2F|billing|\/organizations\/services/i.test(entry.path),
    );
    expect(reached).toEqual([]);
  });

  test('bodies must be JSON, under 1 MiB and under 64 levels deep', async ({ page, signIn }) => {
    await signIn('admin');
    const headers = { origin: consoleUrl, 'content-type': 'application/json' };
    const big = await page.request.post(keysPath, {
      headers,
      data: JSON.stringify({ name: 'x'.repeat(1024 * 1024), roles: ['admin'] }),
    });
    expect(big.status()).toBe(413);

    let deep: unknown = 1;
    for (let i = 0; i < 70; i++) deep = { a: deep };
    const nested = await page.request.post(keysPath, { headers, data: JSON.stringify(deep) });
    expect(nested.status()).toBe(400);

    const text = await page.request.post(keysPath, {
      headers: { origin: consoleUrl, 'content-type': 'text/plain' },
      data: JSON.stringify(newKey),
    });
    expect(text.status()).toBe(415);
  });

  test('an invalid body is refused with the field named, and never sent upstream', async ({ page, signIn }) => {
    await signIn('admin');
    await emulator.clearRequests();
    const response = await page.request.post(keysPath, {
      data: { name: 'k', roles: [], ipAccessList: [{ source: '10.0.0.999', description: '' }] },
      headers: { origin: consoleUrl },
    });
    expect(response.status()).toBe(400);
    const body = await response.json();
    const paths = (body.fields as { path: string }[]).map((field) => field.path);
    expect(paths).toEqual(expect.arrayContaining(['roles', 'ipAccessList.0.source']));
    expect((await emulator.requests()).filter((entry) => entry.method === 'POST')).toEqual([]);
  });

  test('repeated failed sign-ins are rate limited', async ({ request }) => {
    const attempt = () =>
      request.post('/api/session', {
        data: { username: 'mallory', password: 'wrong-password' },
        headers: { origin: consoleUrl },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await attempt()).status());
    expect(statuses[0]).toBe(401);
    expect(statuses).toContain(429);
    const limited = await attempt();
    expect(limited.status()).toBe(429);
    expect(Number(limited.headers()['retry-after'])).toBeGreaterThan(0);
  });
});
