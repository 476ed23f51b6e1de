import { describe, expect, it } from 'vitest';
import { emulatorForFile } from './harness';

const t = emulatorForFile();
type Envelope<T> = { status: number; result: T; error: string; requestId: string };

describe('emulator control API', () => {
  it('answers health on both ports without auth', async () => {
    expect((await t.control('GET', '/health')).body).toEqual({ ok: true });
    const oss = await fetch(`${t.emulator.observabilityUrl}/__emulator/health`);
    expect(await oss.json()).toEqual({ ok: true });
  });

  it('counts accepted connections per surface, so a keep-alive client shows as few', async () => {
    const before = (await t.control<{ connections: { cloud: number } }>('GET', '/stats')).body.connections.cloud;
    const { Agent, request } = await import('undici');
    const agent = new Agent({ connections: 1 });
    for (let i = 0; i < 5; i++) {
      const res = await request(`${t.emulator.cloudUrl}/__emulator/health`, { dispatcher: agent });
      await res.body.dump();
    }
    await agent.close();
    const after = (await t.control<{ connections: { cloud: number } }>('GET', '/stats')).body.connections.cloud;
    // The control client's own requests may open a connection each; the agent's five share one.
    expect(after - before).toBeGreaterThanOrEqual(1);
    expect(after - before).toBeLessThanOrEqual(2);
  });

  it('injects a status with the surface error body, and a custom JSON body', async () => {
    await t.control('POST', '/faults', { method: 'GET', path: '/keys', status: 503 });
    const res = await t.cloud<Envelope<unknown>>('GET', `${t.org}/keys`);
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('INTERNAL_ERROR: service unavailable');
    expect((await t.cloud('POST', `${t.org}/keys`, { body: { name: 'x', roles: ['admin'] } })).status).toBe(200);

    await t.control('DELETE', '/faults');
    await t.control('POST', '/faults', { path: '/api/v2/sources', status: 500, body: { error: 'boom' } });
    const oss = await t.oss('GET', '/api/v2/sources');
    expect([oss.status, oss.body]).toEqual([500, { error: 'boom' }]);
  });

  it('applies a fault only `times` times', async () => {
    await t.control('POST', '/faults', { path: t.service, status: 502, times: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await t.cloud('GET', t.service)).status);
    expect(statuses).toEqual([502, 502, 200]);
    expect((await t.control<{ data: unknown[] }>('GET', '/faults')).body.data).toEqual([]);
  });

  it('matches paths by regular expression', async () => {
    await t.control('POST', '/faults', { path: 're:/dashboards/[0-9a-f]{24}$', status: 418 });
    expect((await t.oss('GET', '/api/v2/dashboards')).status).toBe(200);
    expect((await t.oss('GET', '/api/v2/dashboards/0123456789abcdef01234567')).status).toBe(418);
  });

  it('delays answers by latencyMs and then answers normally', async () => {
    await t.control('POST', '/faults', { path: '/api/v2/webhooks', latencyMs: 150, times: 1 });
    const order: string[] = [];
    // The delayed request leaves first; one sent after it, without the fault, comes back before it.
    const delayed = t.oss('GET', '/api/v2/webhooks').then((res) => (order.push('delayed'), res));
    const prompt = t.oss('GET', '/api/v2/dashboards').then((res) => (order.push('prompt'), res));
    const [res] = await Promise.all([delayed, prompt]);
    expect(order).toEqual(['prompt', 'delayed']);
    expect(res.status).toBe(200);
  });

  it('sends a truncated JSON body for malformed, on both surfaces', async () => {
    await t.control('POST', '/faults', { path: t.org, malformed: true, times: 1 });
    const res = await t.cloud('GET', t.org);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.text.startsWith('{"status":200')).toBe(true);
    expect(() => JSON.parse(res.text)).toThrow();
    expect((await t.cloud('GET', t.org)).status).toBe(200);

    await t.control('POST', '/faults', { path: '/api/v2/dashboards', malformed: true });
    const oss = await t.oss('GET', '/api/v2/dashboards');
    expect(oss.status).toBe(200);
    expect(() => JSON.parse(oss.text)).toThrow();
  });

  it('hangs until the client gives up, and keeps serving others', async () => {
    await t.control('POST', '/faults', { path: '/api/v2/alerts', hang: true, times: 1 });
    await expect(t.oss('GET', '/api/v2/alerts', { signal: AbortSignal.timeout(200) })).rejects.toThrow(
      /abort|timeout/i,
    );
    expect((await t.oss('GET', '/api/v2/alerts')).status).toBe(200);
    const log = await t.control<{ data: { path: string; status: number | null }[] }>('GET', '/requests');
    expect(log.body.data.filter((e) => e.path === '/api/v2/alerts').map((e) => e.status)).toEqual([null, 200]);
  });

  it('answers 429 with rate-limit headers and each surface error body', async () => {
    await t.control('POST', '/faults', { path: '/v1/', rateLimit: { limit: 10, resetSeconds: 7 } });
    const cloud = await t.cloud<Envelope<unknown>>('GET', t.org);
    expect(cloud.status).toBe(429);
    expect(cloud.headers.get('x-ratelimit-limit')).toBe('10');
    expect(cloud.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(cloud.headers.get('x-ratelimit-reset')).toBe('7');
    expect(cloud.body).toMatchObject({
      status: 429,
      error: expect.stringMatching(/^TOO_MANY_REQUESTS: rate limit exceeded/),
    });

    await t.control('POST', '/faults', { path: '/api/v2/', rateLimit: {} });
    const oss = await t.oss('GET', '/api/v2/dashboards');
    expect(oss.status).toBe(429);
    expect(oss.headers.get('x-ratelimit-limit')).toBe('10');
    expect(oss.text).toBe('Too many requests, please try again later.');
  });

  it('lists and removes single faults, and rejects invalid specs', async () => {
    const a = await t.control<{ id: string }>('POST', '/faults', { path: '/a', status: 500 });
    await t.control('POST', '/faults', { path: '/b', latencyMs: 10 });
    expect((await t.control<{ data: { id: string }[] }>('GET', '/faults')).body.data).toHaveLength(2);
    expect((await t.control('DELETE', `/faults/${a.body.id}`)).status).toBe(200);
    expect((await t.control('DELETE', `/faults/${a.body.id}`)).status).toBe(404);
    const left = await t.control<{ data: { path: string }[] }>('GET', '/faults');
    expect(left.body.data.map((f) => f.path)).toEqual(['/b']);

    const bad = await t.control<{ message: string }>('POST', '/faults', { status: 500 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Invalid fault: path: /);
    expect((await t.control('POST', '/faults', { path: 're:(' })).status).toBe(400);
    expect((await t.control('POST', '/faults', { path: '/x', status: 99 })).status).toBe(400);
  });

  it('logs requests without credentials, newest last, and clears the log', async () => {
    await t.cloud('GET', t.org);
    await t.cloud('GET', t.org, { auth: null });
    await t.oss('GET', '/api/v2/sources');
    const log = await t.control<{ data: Record<string, unknown>[] }>('GET', '/requests');
    expect(log.body.data.map((e) => [e.method, e.path, e.status, e.authorization])).toEqual([
      ['GET', t.org, 200, 'basic'],
      ['GET', t.org, 401, 'none'],
      ['GET', '/api/v2/sources', 200, 'bearer'],
    ]);
    expect(Date.parse(String(log.body.data[0]!.at))).toBeGreaterThan(Date.now() - 10_000);
    expect(JSON.stringify(log.body)).not.toContain(t.emulator.cloudKeySecret);
    expect(JSON.stringify(log.body)).not.toContain(t.emulator.observabilityApiKey);
    await t.control('DELETE', '/requests');
    expect((await t.control<{ data: unknown[] }>('GET', '/requests')).body.data).toEqual([]);
  });

  it('restores the seeded state with the same ids and clears faults and log on reset', async () => {
    const keysBefore = (await t.cloud<Envelope<{ id: string; name: string }[]>>('GET', `${t.org}/keys`)).body.result;
    const dashboardsBefore = (
      await t.oss<{ data: { id: string; tiles: { id: string }[] }[] }>('GET', '/api/v2/dashboards')
    ).body.data;
    await t.createKey({ name: 'temporary', roles: ['admin'] });
    await t.cloud('DELETE', `${t.org}/keys/${keysBefore[1]!.id}`);
    await t.oss('DELETE', `/api/v2/dashboards/${dashboardsBefore[0]!.id}`);
    await t.cloud('POST', `${t.service}/privateEndpoint`, { body: { id: 'vpce-temp', description: '' } });
    await t.control('POST', '/faults', { path: '/nowhere', status: 500 });

    expect((await t.control('POST', '/reset')).status).toBe(200);

    expect((await t.control<{ data: unknown[] }>('GET', '/faults')).body.data).toEqual([]);
    expect((await t.control<{ data: unknown[] }>('GET', '/requests')).body.data).toEqual([]);
    const keysAfter = (await t.cloud<Envelope<{ id: string; name: string }[]>>('GET', `${t.org}/keys`)).body.result;
    expect(keysAfter.map((k) => [k.id, k.name])).toEqual(keysBefore.map((k) => [k.id, k.name]));
    const dashboardsAfter = (
      await t.oss<{ data: { id: string; tiles: { id: string }[] }[] }>('GET', '/api/v2/dashboards')
    ).body.data;
    expect(dashboardsAfter).toEqual(dashboardsBefore);
    const org = await t.cloud<Envelope<{ privateEndpoints: { id: string }[] }>>('GET', t.org);
    expect(org.body.result.privateEndpoints.map((e) => e.id)).not.toContain('vpce-temp');
    expect((await t.cloud('GET', t.org)).status).toBe(200);
  });

  it('answers unknown control routes with 404', async () => {
    expect((await t.control('GET', '/nothing')).status).toBe(404);
  });
});
