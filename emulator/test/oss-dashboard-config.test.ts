import { describe, expect, it } from 'vitest';
import { emulatorForFile } from './harness';

const t = emulatorForFile();
type Json = Record<string, unknown>;
interface Dashboard extends Json {
  id: string;
  tiles: (Json & { id: string })[];
  filters: (Json & { id: string })[];
}

async function sources() {
  const res = await t.oss<{ data: { id: string; kind: string }[] }>('GET', '/api/v2/sources');
  return Object.fromEntries(res.body.data.map((s) => [s.kind, s.id])) as Record<string, string>;
}

const at = (i: number) => ({ name: `Tile ${i}`, x: (i % 4) * 6, y: Math.floor(i / 4) * 4, w: 6, h: 4 });

describe('open-source dashboards: the config form, filters, saved query and containers', () => {
  it('stores and answers every display type of the config form as written', async () => {
    const { log, trace } = await sources();
    const configs: Json[] = [
      {
        displayType: 'line',
        sourceId: log,
        select: [{ aggFn: 'count', where: 'level:error', whereLanguage: 'lucene' }],
        groupBy: 'ServiceName',
        numberFormat: { output: 'number', mantissa: 0 },
      },
      {
        displayType: 'stacked_bar',
        sourceId: log,
        select: [{ aggFn: 'count' }, { aggFn: 'avg', valueExpression: 'Duration' }],
        asRatio: true,
      },
      {
        displayType: 'table',
        sourceId: trace,
        select: [{ aggFn: 'quantile', level: 0.95, valueExpression: 'Duration' }],
        groupBy: 'SpanName',
        orderBy: 'series_0 DESC',
      },
      {
        displayType: 'number',
        sourceId: log,
        select: [{ aggFn: 'count' }],
        color: 'chart-red',
        backgroundChart: { type: 'area' },
      },
      { displayType: 'pie', sourceId: log, select: [{ aggFn: 'count' }], groupBy: 'SeverityText', limit: 5 },
      { displayType: 'bar', sourceId: log, select: [{ aggFn: 'count' }], groupBy: 'ServiceName' },
      {
        displayType: 'heatmap',
        sourceId: trace,
        select: [{ valueExpression: 'Duration', heatmapScaleType: 'log' }],
        where: '',
        whereLanguage: 'lucene',
      },
      {
        displayType: 'search',
        sourceId: log,
        select: 'Timestamp, SeverityText, Body',
        where: 'level:error',
        whereLanguage: 'lucene',
      },
      { displayType: 'event_patterns', sourceId: log, select: '', where: '', whereLanguage: 'lucene' },
      { displayType: 'markdown', markdown: '# Runbook\n\n*Call* the on-call.' },
      { displayType: 'line', configType: 'sql', connectionId: '0123456789abcdef01234567', sqlTemplate: 'SELECT 1' },
    ];
    const body = { name: 'Mixed', tiles: configs.map((config, i) => ({ ...at(i), config })) };
    const res = await t.oss<{ data: Dashboard }>('POST', '/api/v2/dashboards', { body });
    expect(res.status).toBe(200);
    expect(res.body.data.tiles.map(({ id: _id, ...tile }) => tile)).toEqual(body.tiles);
    const read = await t.oss<{ data: Dashboard }>('GET', `/api/v2/dashboards/${res.body.data.id}`);
    expect(read.body.data.tiles).toEqual(res.body.data.tiles);
  });

  it.each([
    [
      { series: [{ type: 'markdown', content: 'x' }], config: { displayType: 'markdown' } },
      'tiles.0: Tile cannot have both series and config',
    ],
    [
      { asRatio: true, config: { displayType: 'markdown' } },
      'tiles.0: asRatio property is not supported when using config property. Specify config.asRatio instead.',
    ],
    [
      { config: { displayType: 'gauge' } },
      "tiles.0.config.displayType: Invalid discriminator value. Expected 'line' | 'stacked_bar' | 'table' | 'number' | 'pie' | 'bar' | 'heatmap' | 'search' | 'event_patterns' | 'markdown'",
    ],
    [
      { config: { displayType: 'line', configType: 'promql' } },
      'tiles.0.config.configType: configType must be "sql" or omitted (builder configs carry no configType)',
    ],
    [
      { config: { displayType: 'pie', sourceId: 'SRC', select: [{ aggFn: 'count' }, { aggFn: 'count' }] } },
      'tiles.0.config.select: Array must contain exactly 1 element(s)',
    ],
    [
      { config: { displayType: 'line', sourceId: 'SRC', select: [{ aggFn: 'sum' }] } },
      'tiles.0.config.select.0: Value expression is required for non-count aggregation functions',
    ],
    [
      { config: { displayType: 'line', sourceId: 'SRC', select: [{ aggFn: 'count' }], asRatio: true } },
      'tiles.0.config: asRatio can only be used with exactly two select items',
    ],
    [
      { config: { displayType: 'markdown', markdown: 'LONG' } },
      'tiles.0.config.markdown: String must contain at most 50000 character(s)',
    ],
    [
      { config: { displayType: 'line', sourceId: '0123456789abcdef01234567', select: [{ aggFn: 'count' }] } },
      'tiles.0.config.sourceId: Source not found',
    ],
  ])('refuses the tile $0', async (fields, message) => {
    const { log } = await sources();
    const tile = JSON.parse(
      JSON.stringify({ ...at(0), ...fields })
        .replaceAll('SRC', log!)
        .replace('"LONG"', JSON.stringify('x'.repeat(50_001))),
    );
    const res = await t.oss<{ message: string }>('POST', '/api/v2/dashboards', { body: { name: 'n', tiles: [tile] } });
    expect([res.status, res.body]).toEqual([400, { message: `Body validation failed: ${message}` }]);
  });

  it('answers unset filters and saved query as empty and null, and keeps them through a replace that leaves them out', async () => {
    const { log } = await sources();
    const created = await t.oss<{ data: Dashboard }>('POST', '/api/v2/dashboards', {
      body: { name: 'Plain', tiles: [] },
    });
    expect(created.body.data).toMatchObject({
      filters: [],
      savedQuery: null,
      savedQueryLanguage: null,
      savedFilterValues: [],
    });
    const filter = { type: 'QUERY_EXPRESSION', name: 'Service', expression: 'ServiceName', sourceId: log };
    const put = await t.oss<{ data: Dashboard }>('PUT', `/api/v2/dashboards/${created.body.data.id}`, {
      body: {
        name: 'Plain',
        tiles: [],
        filters: [{ ...filter, id: 'new' }],
        savedQuery: 'level:error',
        savedFilterValues: [{ type: 'sql', condition: "ServiceName IN ('checkout')" }],
      },
    });
    expect(put.status).toBe(200);
    const stored = put.body.data;
    expect(stored.filters).toEqual([{ ...filter, id: expect.stringMatching(/^[0-9a-f]{24}$/) }]);
    expect(stored).toMatchObject({
      savedQuery: 'level:error',
      savedQueryLanguage: 'lucene',
      savedFilterValues: [{ type: 'sql', condition: "ServiceName IN ('checkout')" }],
    });
    const again = await t.oss<{ data: Dashboard }>('PUT', `/api/v2/dashboards/${stored.id}`, {
      body: { name: 'Renamed', tiles: [] },
    });
    expect(again.body.data).toMatchObject({ name: 'Renamed', filters: stored.filters, savedQuery: 'level:error' });
    const kept = await t.oss<{ data: Dashboard }>('PUT', `/api/v2/dashboards/${stored.id}`, {
      body: { name: 'Renamed', tiles: [], filters: stored.filters },
    });
    expect(kept.body.data.filters[0]!.id).toBe(stored.filters[0]!.id);
  });

  it.each([
    [
      { filters: [{ type: 'QUERY_EXPRESSION', name: 'S', expression: 'ServiceName', sourceId: 'SRC', extra: 1 }] },
      'filters.0: Unrecognized key: "extra"',
    ],
    [
      {
        filters: [
          { type: 'QUERY_EXPRESSION', name: 'S', expression: 'ServiceName', sourceId: 'SRC', variableName: 'svc' },
        ],
      },
      'filters.0.variableName: variableName requires isVariableEnabled',
    ],
    [
      {
        filters: [
          {
            type: 'QUERY_EXPRESSION',
            name: 'S',
            expression: 'ServiceName',
            sourceId: 'SRC',
            isVariableEnabled: true,
            variableName: '1x',
          },
        ],
      },
      'filters.0.variableName: Must start with a letter and contain only letters, numbers and underscores',
    ],
    [
      {
        filters: ['a', 'b'].map((n) => ({
          type: 'QUERY_EXPRESSION',
          name: n,
          expression: 'ServiceName',
          sourceId: 'SRC',
          isVariableEnabled: true,
          variableName: 'svc',
        })),
      },
      'filters.1.variableName: Variable name "svc" is already used by another filter',
    ],
    [
      { savedQuery: 'x', savedQueryLanguage: null },
      'savedQueryLanguage: savedQueryLanguage cannot be null when savedQuery is provided',
    ],
    [
      { tiles: [{ ...at(0), config: { displayType: 'markdown' }, containerId: 'nope' }] },
      'tiles.0.containerId: Container not found on the dashboard',
    ],
    [
      {
        containers: [{ id: 'g', title: 'Group', collapsed: false, tabs: [{ id: 'a', title: 'A' }] }],
        tiles: [{ ...at(0), config: { displayType: 'markdown' }, containerId: 'g', tabId: 'b' }],
      },
      'tiles.0.tabId: Tab not found in the container',
    ],
  ])('refuses the dashboard fields %j', async (fields, message) => {
    const { log } = await sources();
    const body = JSON.parse(JSON.stringify({ name: 'n', tiles: [], ...fields }).replaceAll('SRC', log!));
    const res = await t.oss<{ message: string }>('POST', '/api/v2/dashboards', { body });
    expect([res.status, res.body]).toEqual([400, { message: `Body validation failed: ${message}` }]);
  });

  it('keeps containers and the tiles that join them', async () => {
    const containers = [
      {
        id: 'g',
        title: 'Group',
        collapsed: true,
        tabs: [
          { id: 'a', title: 'A' },
          { id: 'b', title: 'B' },
        ],
      },
    ];
    const tiles = [{ ...at(0), config: { displayType: 'markdown', markdown: 'x' }, containerId: 'g', tabId: 'b' }];
    const res = await t.oss<{ data: Dashboard }>('POST', '/api/v2/dashboards', {
      body: { name: 'Grouped', tiles, containers },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.containers).toEqual(containers);
    expect(res.body.data.tiles[0]).toMatchObject({ containerId: 'g', tabId: 'b' });
  });
});
