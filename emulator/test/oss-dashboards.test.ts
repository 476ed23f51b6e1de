import { describe, expect, it } from 'vitest';
import { emulatorForFile } from './harness';

const t = emulatorForFile();
const OBJECT_ID = /^[0-9a-f]{24}$/;

interface Tile {
  id: string;
  name: string;
  x: number;
  y: number;
  w: number;
  h: number;
  series: Record<string, unknown>[];
}
interface Dashboard {
  id: string;
  name: string;
  tags: string[];
  tiles: Tile[];
}

async function sourceIds() {
  const res = await t.oss<{ data: { id: string; kind: string }[] }>('GET', '/api/v2/sources');
  return Object.fromEntries(res.body.data.map((s) => [s.kind, s.id])) as Record<string, string>;
}

function tile(sourceId: string, fields: Partial<Tile> = {}) {
  return {
    name: 'Tile',
    x: 0,
    y: 0,
    w: 6,
    h: 4,
    series: [{ type: 'time', sourceId, aggFn: 'count', where: '', whereLanguage: 'lucene', groupBy: [] }],
    ...fields,
  };
}

describe('open-source dashboards', () => {
  it('requires the Bearer key and answers 401 as plain text', async () => {
    for (const auth of [null, 'Bearer wrong', `Basic ${Buffer.from('a:b').toString('base64')}`]) {
      const res = await t.oss('GET', '/api/v2/dashboards', { auth });
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(res.text).toBe('Unauthorized');
    }
  });

  it('lists the seeded dashboards with valid grid positions', async () => {
    const res = await t.oss<{ data: Dashboard[] }>('GET', '/api/v2/dashboards');
    expect(res.status).toBe(200);
    expect(res.body.data.map((d) => d.name)).toEqual([
      'Service health',
      'Checkout funnel',
      'Infrastructure',
      'Overview (every tile type)',
    ]);
    for (const dashboard of res.body.data) {
      expect(dashboard.id).toMatch(OBJECT_ID);
      for (const tile of dashboard.tiles) {
        expect(tile.id).toMatch(OBJECT_ID);
        expect(tile.x + tile.w).toBeLessThanOrEqual(24);
      }
    }
  });

  it('gives every tile a fresh id on POST, ignoring ids sent', async () => {
    const { log } = await sourceIds();
    const res = await t.oss<{ data: Dashboard }>('POST', '/api/v2/dashboards', {
      body: {
        name: 'New',
        tags: ['a'],
        tiles: [
          tile(log!, { id: 'client-id-1' } as Partial<Tile>),
          tile(log!, { x: 6 }),
          tile(log!, { id: 'client-id-1', x: 12 } as Partial<Tile>),
        ],
      },
    });
    expect(res.status).toBe(200);
    const ids = res.body.data.tiles.map((t) => t.id);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(OBJECT_ID);
    expect(ids).not.toContain('client-id-1');
    const fetched = await t.oss<{ data: Dashboard }>('GET', `/api/v2/dashboards/${res.body.data.id}`);
    expect(fetched.body.data).toEqual(res.body.data);
  });

  it('keeps tile ids on PUT only where they exist on that dashboard', async () => {
    const dashboards = (await t.oss<{ data: Dashboard[] }>('GET', '/api/v2/dashboards')).body.data;
    const [health, checkout] = dashboards as [Dashboard, Dashboard];
    const { trace } = await sourceIds();
    const kept = health.tiles[0]!;
    const body = {
      name: 'Service health v2',
      tags: [],
      tiles: [
        { ...kept, name: 'Renamed' },
        tile(trace!, { id: checkout.tiles[0]!.id, x: 12 } as Partial<Tile>),
        tile(trace!, { id: '0123456789abcdef01234567', y: 4 } as Partial<Tile>),
        tile(trace!, { x: 6, y: 4 }),
      ],
    };
    const res = await t.oss<{ data: Dashboard }>('PUT', `/api/v2/dashboards/${health.id}`, { body });
    expect(res.status).toBe(200);
    const tiles = res.body.data.tiles;
    expect(res.body.data).toMatchObject({ id: health.id, name: 'Service health v2', tags: [] });
    expect(tiles[0]).toMatchObject({ id: kept.id, name: 'Renamed' });
    expect(tiles[1]!.id).not.toBe(checkout.tiles[0]!.id);
    expect(tiles[2]!.id).not.toBe('0123456789abcdef01234567');
    for (const t of tiles) expect(t.id).toMatch(OBJECT_ID);
    expect(new Set(tiles.map((t) => t.id)).size).toBe(4);
  });

  it('reports body validation failures with dotted paths', async () => {
    const { log } = await sourceIds();
    const res = await t.oss<{ message: string }>('POST', '/api/v2/dashboards', {
      body: {
        name: 'x'.repeat(1025),
        tags: ['y'.repeat(33)],
        tiles: [
          tile(log!, { x: 24 }),
          tile(log!, { x: 20, w: 6 }),
          tile(log!, { x: 1.5, h: 0 }),
          { ...tile(log!), series: [] },
          {
            ...tile(log!),
            series: [{ type: 'time', sourceId: log, aggFn: 'median', where: '', whereLanguage: 'lucene', groupBy: [] }],
          },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'Body validation failed: name: String must contain at most 1024 character(s); ' +
        'tags.0: String must contain at most 32 character(s); ' +
        'tiles.0.x: Number must be less than or equal to 23; ' +
        'tiles.1.w: x + w must be less than or equal to 24; ' +
        'tiles.2.x: Expected integer, received float; ' +
        'tiles.2.h: Number must be greater than or equal to 1; ' +
        'tiles.3.series: Array must contain at least 1 element(s); ' +
        "tiles.4.series.0.aggFn: Invalid enum value. Expected 'avg' | 'count' | 'count_distinct' | 'last_value' | 'max' | 'min' | 'quantile' | 'sum' | 'any' | 'none', received 'median'",
    );
  });

  it.each([
    [{ tiles: [] }, 'Body validation failed: name: Required'],
    [
      { name: 'n', tiles: [{ name: 't', x: 0, y: 0, w: 1, h: 1 }] },
      'Body validation failed: tiles.0: Tile must have either series or config',
    ],
    [
      { name: 'n', tiles: [{ name: 't', x: 0, y: 0, w: 1, h: 1, series: [{ type: 'pie' }] }] },
      "Body validation failed: tiles.0.series.0.type: Invalid discriminator value. Expected 'time' | 'table' | 'number' | 'search' | 'markdown'",
    ],
    [
      {
        name: 'n',
        tiles: [
          {
            name: 't',
            x: 0,
            y: 0,
            w: 1,
            h: 1,
            series: [{ type: 'number', aggFn: 'count', where: '', whereLanguage: 'lucene' }],
          },
        ],
      },
      'Body validation failed: tiles.0.series.0.sourceId: Required',
    ],
    [
      {
        name: 'n',
        tiles: [
          {
            name: 't',
            x: 0,
            y: 0,
            w: 1,
            h: 1,
            series: [
              {
                type: 'number',
                sourceId: '0123456789abcdef01234567',
                aggFn: 'count',
                where: '',
                whereLanguage: 'lucene',
              },
            ],
          },
        ],
      },
      'Body validation failed: tiles.0.series.0.sourceId: Source not found',
    ],
    [{ name: 'n', tiles: 'none' }, 'Body validation failed: tiles: Expected array, received string'],
  ])('rejects %j', async (body, message) => {
    const res = await t.oss<{ message: string }>('POST', '/api/v2/dashboards', { body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });

  it('rejects more than 500 tiles, more than 50 tags and more than 5 series', async () => {
    const { log } = await sourceIds();
    const res = await t.oss<{ message: string }>('POST', '/api/v2/dashboards', {
      body: {
        name: 'big',
        tags: Array.from({ length: 51 }, (_, i) => `t${i}`),
        tiles: Array.from({ length: 501 }, () => tile(log!)),
      },
    });
    expect(res.body.message).toBe(
      'Body validation failed: tags: Array must contain at most 50 element(s); tiles: Array must contain at most 500 element(s)',
    );
    const series = Array.from({ length: 6 }, () => ({
      type: 'time',
      sourceId: log,
      aggFn: 'count',
      where: '',
      whereLanguage: 'lucene',
      groupBy: [],
    }));
    const tooMany = await t.oss<{ message: string }>('POST', '/api/v2/dashboards', {
      body: { name: 's', tiles: [{ ...tile(log!), series }] },
    });
    expect(tooMany.body.message).toBe(
      'Body validation failed: tiles.0.series: Array must contain at most 5 element(s)',
    );
  });

  it('answers a malformed id with 400 JSON and an unknown id with 404 plain text', async () => {
    const bad = await t.oss<{ message: string }>('GET', '/api/v2/dashboards/not-an-id');
    expect([bad.status, bad.body]).toEqual([400, { message: 'Params validation failed: id: Invalid ObjectId' }]);
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await t.oss(method, '/api/v2/dashboards/0123456789abcdef01234567', {
        body: method === 'PUT' ? { name: 'x', tiles: [] } : undefined,
      });
      expect([res.status, res.text]).toEqual([404, 'Not Found']);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    }
  });

  it('deletes a dashboard together with its alerts', async () => {
    const alerts = (await t.oss<{ data: { id: string; dashboardId: string }[] }>('GET', '/api/v2/alerts')).body.data;
    const dashboardId = alerts[0]!.dashboardId;
    const res = await t.oss('DELETE', `/api/v2/dashboards/${dashboardId}`);
    expect([res.status, res.body]).toEqual([200, {}]);
    expect((await t.oss('GET', `/api/v2/dashboards/${dashboardId}`)).status).toBe(404);
    const after = await t.oss<{ data: unknown[]; meta: { total: number } }>('GET', '/api/v2/alerts');
    expect(after.body).toEqual({ data: [], meta: { total: 0, limit: 1000, offset: 0 } });
  });

  it('answers an unknown route with 404 and a malformed body with 400', async () => {
    const route = await t.oss('GET', '/api/v2/charts/series');
    expect(route.status).toBe(404);
    const body = await t.oss<{ message: string }>('POST', '/api/v2/dashboards', { rawBody: '{"name":' });
    expect(body.status).toBe(400);
    expect(body.body.message).toMatch(/^Invalid JSON body/);
  });
});
