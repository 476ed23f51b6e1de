/** The alert routes of both surfaces check the body with the alert schema before the upstream sees it. */
import { describe, expect, it } from 'vitest';
import * as ossAlertsRoute from '@/app/api/observability/v2/alerts/route';
import * as ossAlertRoute from '@/app/api/observability/v2/alerts/[id]/route';
import * as webhooksRoute from '@/app/api/observability/v2/webhooks/route';
import * as managedAlertsRoute from '@/app/api/cloud/v1/organizations/[organizationId]/services/[serviceId]/observability/alerts/route';
import { callRoute as call, json, ORG_ID, readJson, SERVICE_ID, stubUpstreamForFile } from './test-support';

const OID = '65f0c0ffee0123456789abcd';
const UUID = '8c2d5e3a-4f6b-4c7d-8e9f-0a1b2c3d4e5f';
const upstream = stubUpstreamForFile();
const alert = (overrides: Record<string, unknown> = {}) => ({
  name: 'Error spike',
  source: 'tile',
  dashboardId: OID,
  tileId: OID,
  threshold: 100,
  thresholdType: 'above',
  interval: '5m',
  channel: { type: 'webhook', webhookId: OID },
  ...overrides,
});
const managedPath = `/api/cloud/v1/organizations/${ORG_ID}/services/${SERVICE_ID}/observability/alerts`;

describe('alert routes', () => {
  it('reads every page of a paged list, following meta.total', async () => {
    const items = Array.from({ length: 1500 }, (_, i) => ({ id: String(i).padStart(24, '0') }));
    upstream.stub.handle((req, res) => {
      const url = new URL(req.url ?? '', 'http://x');
      const limit = Number(url.searchParams.get('limit'));
      const offset = Number(url.searchParams.get('offset'));
      json(res, 200, { data: items.slice(offset, offset + limit), meta: { total: items.length, limit, offset } });
    });
    const response = await call(ossAlertsRoute.GET, '/api/observability/v2/alerts', {}, { role: 'viewer' });
    const body = await readJson(response);
    expect((body.data as unknown[]).length).toBe(1500);
    expect(body.meta).toEqual({ total: 1500, limit: 1500, offset: 0 });
    expect(upstream.stub.hits.map((hit) => hit.url)).toEqual([
      '/api/v2/alerts?limit=1000&offset=0',
      '/api/v2/alerts?limit=1000&offset=1000',
    ]);
  });

  it('takes a list without meta as complete', async () => {
    upstream.stub.handle((_req, res) => json(res, 200, { data: [{ id: OID, name: 'Ops', service: 'slack' }] }));
    const body = await readJson(
      await call(webhooksRoute.GET, '/api/observability/v2/webhooks', {}, { role: 'viewer' }),
    );
    expect(body).toEqual({
      data: [{ id: OID, name: 'Ops', service: 'slack' }],
      meta: { total: 1, limit: 1, offset: 0 },
    });
    expect(upstream.stub.hits).toHaveLength(1);
  });

  it('creates an open-source alert with the checked body', async () => {
    upstream.stub.handle((_req, res) => json(res, 200, { data: { id: OID, ...alert() } }));
    const response = await call(
      ossAlertsRoute.POST,
      '/api/observability/v2/alerts',
      {},
      { method: 'POST', role: 'editor', json: alert({ name: ' Error spike ' }) },
    );
    expect(response.status).toBe(200);
    expect(upstream.stub.hits[0]).toMatchObject({ method: 'POST', url: '/api/v2/alerts' });
    expect(JSON.parse(upstream.stub.hits[0]!.body)).toEqual(alert());
  });

  it('refuses a bad alert with its fields named, before the upstream', async () => {
    const response = await call(
      ossAlertRoute.PUT,
      `/api/observability/v2/alerts/${OID}`,
      { id: OID },
      {
        method: 'PUT',
        role: 'editor',
        json: alert({ interval: '2m', channel: { type: 'webhook', webhookId: 'slack' } }),
      },
    );
    expect(response.status).toBe(400);
    const error = await readJson(response);
    expect(error.fields).toEqual(
      expect.arrayContaining([
        { path: 'interval', message: 'Interval must be one of 1m, 5m, 15m, 30m, 1h, 6h, 12h, 1d' },
        { path: 'channel.webhookId', message: 'Webhook must be 24 hexadecimal characters' },
      ]),
    );
    expect(upstream.stub.hits).toHaveLength(0);
  });

  it('takes UUID ids on the managed surface', async () => {
    const body = alert({ dashboardId: UUID, tileId: UUID, channel: { type: 'webhook', webhookId: UUID } });
    const response = await call(
      managedAlertsRoute.POST,
      managedPath,
      { organizationId: ORG_ID, serviceId: SERVICE_ID },
      { method: 'POST', role: 'editor', json: body },
    );
    expect(response.status).toBe(200);
    expect(JSON.parse(upstream.stub.hits[0]!.body)).toEqual(body);
  });

  it('maps the upstream’s own field error onto the field', async () => {
    upstream.stub.handle((_req, res) =>
      json(res, 400, { message: 'Body validation failed: channel.webhookId: Webhook not found' }),
    );
    const response = await call(
      ossAlertsRoute.POST,
      '/api/observability/v2/alerts',
      {},
      { method: 'POST', role: 'editor', json: alert() },
    );
    expect(response.status).toBe(400);
    expect((await readJson(response)).fields).toEqual([{ path: 'channel.webhookId', message: 'Webhook not found' }]);
  });

  it('refuses a viewer', async () => {
    const response = await call(
      ossAlertsRoute.POST,
      '/api/observability/v2/alerts',
      {},
      { method: 'POST', role: 'viewer', json: alert() },
    );
    expect(response.status).toBe(403);
    expect(upstream.stub.hits).toHaveLength(0);
  });
});
