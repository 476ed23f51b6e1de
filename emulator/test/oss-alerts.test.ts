import { describe, expect, it } from 'vitest';
import { emulatorForFile } from './harness';

const t = emulatorForFile();
const OBJECT_ID = /^[0-9a-f]{24}$/;

interface Alert {
  id: string;
  dashboardId: string;
  tileId: string;
  name: string;
  interval: string;
  threshold: number;
  channel: { type: string; webhookId: string };
  state?: string;
  createdAt: string;
  updatedAt: string;
}

async function fixtures() {
  const dashboards = await t.oss<{ data: { id: string; tiles: { id: string }[] }[] }>('GET', '/api/v2/dashboards');
  const webhooks = await t.oss<{ data: { id: string }[] }>('GET', '/api/v2/webhooks');
  const dashboard = dashboards.body.data[1]!;
  return { dashboardId: dashboard.id, tileId: dashboard.tiles[0]!.id, webhookId: webhooks.body.data[0]!.id };
}

function alertBody(f: { dashboardId: string; tileId: string; webhookId: string }, extra: Record<string, unknown> = {}) {
  return {
    dashboardId: f.dashboardId,
    tileId: f.tileId,
    source: 'tile',
    threshold: 10,
    thresholdType: 'above',
    interval: '15m',
    channel: { type: 'webhook', webhookId: f.webhookId },
    name: 'Checkout errors',
    message: 'Too many checkout errors',
    ...extra,
  };
}

describe('open-source alerts, sources and webhooks', () => {
  it('lists alerts as {data, meta: {total, limit, offset}}, a page at a time', async () => {
    const res = await t.oss<{ data: Alert[]; meta: { total: number } }>('GET', '/api/v2/alerts');
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ total: 2, limit: 1000, offset: 0 });
    const page = await t.oss<{ data: Alert[]; meta: unknown }>('GET', '/api/v2/alerts?limit=1&offset=1');
    expect(page.body).toEqual({ data: [res.body.data[1]], meta: { total: 2, limit: 1, offset: 1 } });
    const past = await t.oss<{ data: Alert[]; meta: unknown }>('GET', '/api/v2/alerts?limit=1&offset=2');
    expect(past.body).toEqual({ data: [], meta: { total: 2, limit: 1, offset: 2 } });
    const bad = await t.oss<{ message: string }>('GET', '/api/v2/alerts?limit=0');
    expect([bad.status, bad.body.message]).toEqual([
      400,
      'Query validation failed: limit: Expected an integer from 1 to 1000',
    ]);
    expect(res.body.data[0]).toMatchObject({
      name: 'Error spike',
      source: 'tile',
      interval: '5m',
      thresholdType: 'above',
      threshold: 100,
    });
    expect(['ALERT', 'OK', 'INSUFFICIENT_DATA', 'PENDING']).toContain(res.body.data[0]!.state);
    expect(res.body.data[1]).toMatchObject({
      name: 'Error budget',
      silenced: { at: expect.any(String), until: expect.any(String) },
    });
  });

  it('creates, reads, replaces and deletes an alert', async () => {
    const f = await fixtures();
    const created = await t.oss<{ data: Alert }>('POST', '/api/v2/alerts', { body: alertBody(f) });
    expect(created.status).toBe(200);
    const alert = created.body.data;
    expect(alert.id).toMatch(OBJECT_ID);
    expect(alert).toMatchObject({ ...alertBody(f), createdAt: expect.any(String), updatedAt: expect.any(String) });
    expect((await t.oss<{ data: Alert }>('GET', `/api/v2/alerts/${alert.id}`)).body.data).toEqual(alert);

    const replaced = await t.oss<{ data: Alert }>('PUT', `/api/v2/alerts/${alert.id}`, {
      body: alertBody(f, { interval: '1h', threshold: 3, name: 'Renamed' }),
    });
    expect(replaced.body.data).toMatchObject({
      id: alert.id,
      interval: '1h',
      threshold: 3,
      name: 'Renamed',
      createdAt: alert.createdAt,
    });
    expect((await t.oss<{ meta: { total: number } }>('GET', '/api/v2/alerts')).body.meta.total).toBe(3);

    const deleted = await t.oss('DELETE', `/api/v2/alerts/${alert.id}`);
    expect([deleted.status, deleted.body]).toEqual([200, {}]);
    const gone = await t.oss('GET', `/api/v2/alerts/${alert.id}`);
    expect([gone.status, gone.body]).toEqual([404, { message: 'Alert not found' }]);
  });

  it.each([
    [
      { interval: '2m' },
      "Body validation failed: interval: Invalid enum value. Expected '1m' | '5m' | '15m' | '30m' | '1h' | '6h' | '12h' | '1d', received '2m'",
    ],
    [{ threshold: -1 }, 'Body validation failed: threshold: Number must be greater than or equal to 0'],
    [{ threshold: 'ten' }, 'Body validation failed: threshold: Expected number, received string'],
    [
      { channel: { type: 'email', webhookId: 'x' } },
      'Body validation failed: channel.type: Invalid literal value, expected "webhook"',
    ],
    [{ tileId: undefined }, 'Body validation failed: tileId: Required'],
    [{ name: '' }, 'Body validation failed: name: String must contain at least 1 character(s)'],
    [{ tileId: 'missing' }, 'Body validation failed: tileId: Tile not found on the dashboard'],
    [{ dashboardId: '0123456789abcdef01234567' }, 'Body validation failed: dashboardId: Dashboard not found'],
    [
      { channel: { type: 'webhook', webhookId: '0123456789abcdef01234567' } },
      'Body validation failed: channel.webhookId: Webhook not found',
    ],
  ])('rejects %j', async (change, message) => {
    const f = await fixtures();
    const res = await t.oss<{ message: string }>('POST', '/api/v2/alerts', { body: alertBody(f, change) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });

  it('answers a malformed alert id with the params error', async () => {
    const res = await t.oss('DELETE', '/api/v2/alerts/xyz');
    expect([res.status, res.body]).toEqual([400, { message: 'Params validation failed: id: Invalid ObjectId' }]);
  });

  it('drops alerts of tiles removed by a dashboard PUT', async () => {
    const seeded = (await t.oss<{ data: Alert[] }>('GET', '/api/v2/alerts')).body.data[0]!;
    const dashboard = (
      await t.oss<{ data: { name: string; tags: string[]; tiles: { id: string }[] } }>(
        'GET',
        `/api/v2/dashboards/${seeded.dashboardId}`,
      )
    ).body.data;
    const remaining = dashboard.tiles.filter((tile) => tile.id !== seeded.tileId);
    await t.oss('PUT', `/api/v2/dashboards/${seeded.dashboardId}`, { body: { ...dashboard, tiles: remaining } });
    expect((await t.oss('GET', `/api/v2/alerts/${seeded.id}`)).status).toBe(404);
  });

  it('lists sources of each kind', async () => {
    const res = await t.oss<{ data: { id: string; name: string; kind: string }[] }>('GET', '/api/v2/sources');
    expect(res.body.data.map((s) => [s.name, s.kind])).toEqual([
      ['Logs', 'log'],
      ['Traces', 'trace'],
      ['Metrics', 'metric'],
      ['Sessions', 'session'],
    ]);
    for (const s of res.body.data) expect(s.id).toMatch(OBJECT_ID);
  });

  it('lists webhooks without headers or secrets', async () => {
    const res = await t.oss<{ data: Record<string, unknown>[] }>('GET', '/api/v2/webhooks');
    expect(res.body.data.map((w) => [w.name, w.service])).toEqual([
      ['Ops Slack', 'slack'],
      ['On-call bridge', 'generic'],
    ]);
    for (const webhook of res.body.data) {
      expect(Object.keys(webhook).sort()).toEqual([
        'createdAt',
        'description',
        'id',
        'name',
        'service',
        'updatedAt',
        'url',
      ]);
    }
    expect(res.text).not.toMatch(/Bearer|headers/);
  });
});
