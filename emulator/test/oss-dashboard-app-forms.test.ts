/**
 * What the observability app's own request check accepts beyond its published document (the
 * README's upstream section): a series without `whereLanguage` (read as lucene), a metric series
 * with an empty `field`, and a number tile's `between` colour rule with a `[min, max]` range.
 */
import { describe, expect, it } from 'vitest';
import { emulatorForFile } from './harness';

const t = emulatorForFile();
type Json = Record<string, unknown>;
interface Dashboard extends Json {
  id: string;
  tiles: (Json & { id: string; series?: Json[]; config?: Json })[];
}

async function sources() {
  const res = await t.oss<{ data: { id: string; kind: string }[] }>('GET', '/api/v2/sources');
  return Object.fromEntries(res.body.data.map((s) => [s.kind, s.id])) as Record<string, string>;
}

const place = { x: 0, y: 0, w: 6, h: 4 };
const create = (tiles: Json[]) =>
  t.oss<{ data: Dashboard; message?: string }>('POST', '/api/v2/dashboards', { body: { name: 'App forms', tiles } });

describe('open-source dashboards: forms the app accepts beyond its published document', () => {
  it('takes a series without whereLanguage and answers it as lucene', async () => {
    const { log } = await sources();
    const res = await create([
      {
        name: 'Errors',
        ...place,
        series: [{ type: 'time', sourceId: log, aggFn: 'count', where: 'level:error', groupBy: [] }],
      },
      { name: 'Latest', ...place, series: [{ type: 'search', sourceId: log, fields: ['Body'], where: '' }] },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data.tiles.map((tile) => tile.series![0]!.whereLanguage)).toEqual(['lucene', 'lucene']);
    const read = await t.oss<{ data: Dashboard }>('GET', `/api/v2/dashboards/${res.body.data.id}`);
    expect(read.body.data.tiles).toEqual(res.body.data.tiles);
  });

  it('takes a metric quantile with an empty field, as the app writes it, and keeps it', async () => {
    const { metric } = await sources();
    const series = {
      type: 'time',
      sourceId: metric,
      aggFn: 'quantile',
      level: 0.99,
      field: '',
      where: '',
      whereLanguage: 'lucene',
      groupBy: [],
      metricName: 'http.server.duration',
      metricDataType: 'histogram',
    };
    const res = await create([{ name: 'p99', ...place, series: [series] }]);
    expect(res.status).toBe(200);
    expect(res.body.data.tiles[0]!.series).toEqual([series]);
  });

  it('takes each colour rule operator with the value it needs, a [min, max] range for between', async () => {
    const { log } = await sources();
    const colorRules = [
      { operator: 'gt', value: 100, color: 'chart-red', label: 'High' },
      { operator: 'between', value: [10, 100], color: 'chart-warning' },
      { operator: 'eq', value: 'OK', color: 'chart-green' },
      { operator: 'neq', value: 0, color: 'chart-gray' },
    ];
    const config = {
      displayType: 'number',
      sourceId: log,
      select: [{ aggFn: 'count', where: '', whereLanguage: 'lucene' }],
      colorRules,
    };
    const res = await create([{ name: 'Count', ...place, config }]);
    expect(res.status).toBe(200);
    expect(res.body.data.tiles[0]!.config).toEqual(config);
  });

  it.each([
    [
      { operator: 'between', value: 10, color: 'chart-red' },
      'tiles.0.config.colorRules.0.value: Expected array, received number',
    ],
    [
      { operator: 'between', value: [1, 2, 3], color: 'chart-red' },
      'tiles.0.config.colorRules.0.value: Array must contain exactly 2 element(s)',
    ],
    [
      { operator: 'gt', value: [1, 2], color: 'chart-red' },
      'tiles.0.config.colorRules.0.value: Expected number, received array',
    ],
    [{ operator: 'gt', color: 'chart-red' }, 'tiles.0.config.colorRules.0.value: Required'],
  ])('refuses the colour rule %j', async (rule, message) => {
    const { log } = await sources();
    const res = await create([
      {
        name: 'Count',
        ...place,
        config: { displayType: 'number', sourceId: log, select: [{ aggFn: 'count' }], colorRules: [rule] },
      },
    ]);
    expect([res.status, res.body]).toEqual([400, { message: `Body validation failed: ${message}` }]);
  });
});
