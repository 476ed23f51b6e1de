import { describe, expect, it } from 'vitest';
import { emulatorForFile } from './harness';

const t = emulatorForFile();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
type Envelope<T> = { status: number; result: T; error: string; requestId: string };
interface Dashboard {
  id: string;
  name: string;
  tags: string[];
  tiles: { id: string; x: number; w: number }[];
}

const base = () => `${t.service}/clickstack`;

async function sourceId() {
  return (await t.cloud<Envelope<{ id: string; kind: string }[]>>('GET', `${base()}/sources`)).body.result[0]!.id;
}

describe('managed observability, ClickStack (cloud surface)', () => {
  it('seeds two sources, a dashboard with tiles and an alert on one of them', async () => {
    const sources = await t.cloud<Envelope<{ id: string; kind: string; name: string }[]>>('GET', `${base()}/sources`);
    expect(sources.body.result.map((s) => [s.name, s.kind])).toEqual([
      ['Logs', 'log'],
      ['Traces', 'trace'],
    ]);
    const dashboards = await t.cloud<Envelope<Dashboard[]>>('GET', `${base()}/dashboards`);
    const [overview] = dashboards.body.result;
    expect(overview!.name).toBe('Service overview');
    expect(overview!.id).toMatch(UUID);
    expect(overview!.tiles.length).toBeGreaterThan(1);
    const alerts = await t.cloud<Envelope<{ dashboardId: string; tileId: string }[]>>('GET', `${base()}/alerts`);
    expect(alerts.body.result).toHaveLength(1);
    expect(overview!.tiles.map((tile) => tile.id)).toContain(alerts.body.result[0]!.tileId);
  });

  it('runs the dashboard lifecycle with UUID ids and the tile-id rules', async () => {
    const source = await sourceId();
    const series = [{ type: 'number', sourceId: source, aggFn: 'count', where: '', whereLanguage: 'lucene' }];
    const created = await t.cloud<Envelope<Dashboard>>('POST', `${base()}/dashboards`, {
      body: { name: 'Cloud board', tags: ['x'], tiles: [{ id: 'mine', name: 'A', x: 0, y: 0, w: 4, h: 2, series }] },
    });
    expect(created.status).toBe(200);
    const dashboard = created.body.result;
    expect(dashboard.id).toMatch(UUID);
    expect(dashboard.tiles[0]!.id).toMatch(UUID);

    const put = await t.cloud<Envelope<Dashboard>>('PUT', `${base()}/dashboards/${dashboard.id}`, {
      body: {
        name: 'Cloud board 2',
        tiles: [
          { ...dashboard.tiles[0], name: 'A2', series },
          { name: 'B', x: 4, y: 0, w: 4, h: 2, series },
        ],
      },
    });
    expect(put.body.result.tiles[0]!.id).toBe(dashboard.tiles[0]!.id);
    expect(put.body.result.tiles[1]!.id).toMatch(UUID);
    expect(put.body.result.tags).toEqual([]);

    const removed = await t.cloud<Envelope<unknown>>('DELETE', `${base()}/dashboards/${dashboard.id}`);
    expect(removed.status).toBe(200);
    const gone = await t.cloud<Envelope<unknown>>('GET', `${base()}/dashboards/${dashboard.id}`);
    expect([gone.status, gone.body.error]).toEqual([404, `NOT_FOUND: dashboard ${dashboard.id} not found`]);
  });

  it('validates with the open-source bounds but answers in the cloud error shape', async () => {
    const source = await sourceId();
    const res = await t.cloud<Envelope<unknown>>('POST', `${base()}/dashboards`, {
      body: {
        name: 'bad',
        tiles: [
          {
            name: 'A',
            x: 23,
            y: 0,
            w: 4,
            h: 2,
            series: [{ type: 'number', sourceId: source, aggFn: 'count', where: '', whereLanguage: 'lucene' }],
          },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      status: 400,
      error: 'BAD_REQUEST: tiles[0].w: x + w must be less than or equal to 24',
    });
    expect(res.body.requestId).toMatch(UUID);
    const badId = await t.cloud<Envelope<unknown>>('GET', `${base()}/dashboards/abc`);
    expect([badId.status, badId.body.error]).toEqual([400, 'BAD_REQUEST: clickStackDashboardId must be a UUID']);
  });

  it('creates, replaces and deletes alerts', async () => {
    const dashboard = (await t.cloud<Envelope<Dashboard[]>>('GET', `${base()}/dashboards`)).body.result[0]!;
    const body = {
      dashboardId: dashboard.id,
      tileId: dashboard.tiles[0]!.id,
      source: 'tile',
      threshold: 5,
      thresholdType: 'below',
      interval: '1d',
      channel: { type: 'webhook', webhookId: 'ops' },
      name: 'Quiet traffic',
      message: 'Traffic dropped',
    };
    const created = await t.cloud<Envelope<{ id: string; interval: string }>>('POST', `${base()}/alerts`, { body });
    expect(created.status).toBe(200);
    expect(created.body.result.id).toMatch(UUID);
    const replaced = await t.cloud<Envelope<{ interval: string }>>(
      'PUT',
      `${base()}/alerts/${created.body.result.id}`,
      { body: { ...body, interval: '6h' } },
    );
    expect(replaced.body.result.interval).toBe('6h');
    const invalid = await t.cloud<Envelope<unknown>>('POST', `${base()}/alerts`, { body: { ...body, interval: '7m' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toMatch(/^BAD_REQUEST: interval: Invalid enum value/);
    expect((await t.cloud('DELETE', `${base()}/alerts/${created.body.result.id}`)).status).toBe(200);
    expect((await t.cloud('GET', `${base()}/alerts/${created.body.result.id}`)).status).toBe(404);
  });

  it('seeds Staging with its own store and starts the stopped Development service with an empty one', async () => {
    const services = await t.cloud<Envelope<{ id: string; name: string }[]>>('GET', `${t.org}/services`);
    const [, staging, development] = services.body.result.map((s) => `${t.org}/services/${s.id}/clickstack`);
    const stagingDashboards = await t.cloud<Envelope<{ id: string; tags: string[] }[]>>('GET', `${staging}/dashboards`);
    expect(stagingDashboards.body.result.map((d) => d.tags)).toEqual([['staging']]);
    const ownDashboards = await t.cloud<Envelope<{ id: string }[]>>('GET', `${t.service}/clickstack/dashboards`);
    expect(ownDashboards.body.result[0]!.id).not.toBe(stagingDashboards.body.result[0]!.id);
    expect((await t.cloud<Envelope<unknown[]>>('GET', `${development}/dashboards`)).body.result).toEqual([]);
    expect((await t.cloud<Envelope<unknown[]>>('GET', `${development}/sources`)).body.result).toEqual([]);
  });
});
