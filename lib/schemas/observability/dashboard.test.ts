import { safeParse, type $ZodType } from 'zod/v4/core';
import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_LIMITS,
  dashboardBodySchema,
  dashboardReplaceBodySchema,
  seriesSourceId,
  tileSchema,
} from './dashboard';

const SOURCE = '67fde92fda19d1c3635e9934';
const series = (over: Record<string, unknown> = {}) => ({
  type: 'time',
  sourceId: SOURCE,
  aggFn: 'count',
  where: '',
  groupBy: [],
  ...over,
});
const tile = (over: Record<string, unknown> = {}) => ({
  name: 'Requests',
  x: 0,
  y: 0,
  w: 6,
  h: 4,
  asRatio: false,
  series: [series()],
  ...over,
});
const body = (over: Record<string, unknown> = {}) => ({
  name: 'Service health',
  tags: ['prod'],
  tiles: [tile()],
  ...over,
});

function issuesOf(schema: $ZodType, value: unknown) {
  const result = safeParse(schema, value);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('tile schema', () => {
  it.each([
    ['a minimal time tile', tile()],
    ['a number tile without group-by', tile({ series: [series({ type: 'number', groupBy: undefined })] })],
    ['the right-most column', tile({ x: 23, w: 1 })],
    ['the full width', tile({ x: 0, w: 24 })],
    ['a server id (object id)', tile({ id: 'aaaaaaaaaaaaaaaaaaaaaaaa' })],
    ['a server id (managed UUID)', tile({ id: '0b7c5f3e-2a4d-4c1e-9f00-123456789abc' })],
    [
      'every aggregation with a field',
      tile({
        series: ['sum', 'avg', 'min', 'max', 'count_distinct'].map((aggFn) => series({ aggFn, field: 'Duration' })),
      }),
    ],
    [
      'upstream aggregations the editor does not offer',
      tile({
        series: ['last_value', 'any', 'none'].map((aggFn) =>
          series({ aggFn, field: 'Duration', whereLanguage: 'sql' }),
        ),
      }),
    ],
    [
      'an upstream quantile with level',
      tile({ series: [series({ aggFn: 'quantile', level: 0.95, field: 'Duration' })] }),
    ],
    ['a ratio of two series', tile({ asRatio: true, series: [series(), series({ where: 'SeverityText:error' })] })],
    ['the spec dataSource form', tile({ series: [series({ sourceId: undefined, dataSource: SOURCE })] })],
    [
      'a table tile',
      tile({
        series: [
          {
            type: 'table',
            sourceId: SOURCE,
            aggFn: 'avg',
            field: 'Duration',
            where: '',
            groupBy: ['SpanName'],
            sortOrder: 'desc',
          },
        ],
      }),
    ],
    ['a stacked-bar time tile', tile({ series: [series({ displayType: 'stacked_bar' })] })],
    ['a note and an event list', tile({ series: [{ type: 'markdown', content: '# Hi' }] })],
    ['a series kind of a newer upstream, kept as it is', tile({ series: [{ type: 'sankey', anything: 1 }] })],
    [
      'a config tile',
      tile({
        series: undefined,
        config: { displayType: 'pie', sourceId: SOURCE, select: [{ aggFn: 'count' }], groupBy: 'SeverityText' },
      }),
    ],
    ['a tile id the app generated', tile({ id: 'k3j4h5-x_1' })],
    [
      'a metric quantile as the app writes it (empty field, a metricName)',
      tile({
        series: [
          series({
            aggFn: 'quantile',
            level: 0.99,
            field: '',
            metricName: 'http.server.duration',
            metricDataType: 'histogram',
          }),
        ],
      }),
    ],
    ['a tile in a container tab', tile({ containerId: 'g', tabId: 't1' })],
  ])('accepts %s', (_, value) => {
    expect(issuesOf(tileSchema, value)).toEqual([]);
  });

  it.each([
    ['x below 0', tile({ x: -1 }), 'x', 'x must be from 0 to 23'],
    ['x past the last column', tile({ x: 24, w: 1 }), 'x', 'x must be from 0 to 23'],
    ['a fractional x', tile({ x: 1.5 }), 'x', 'x must be a whole number'],
    ['w of 0', tile({ w: 0 }), 'w', 'w must be from 1 to 24'],
    ['w over 24', tile({ w: 25 }), 'w', 'w must be from 1 to 24'],
    ['x + w over 24', tile({ x: 20, w: 5 }), 'w', 'x + w must be at most 24'],
    ['y below 0', tile({ y: -1 }), 'y', 'y must be at least 0'],
    ['h of 0', tile({ h: 0 }), 'h', 'h must be at least 1'],
    ['an empty name', tile({ name: '  ' }), 'name', 'Tile name is required'],
    ['no series', tile({ series: [] }), 'series', 'A tile needs at least 1 series'],
    [
      'six series',
      tile({ series: Array.from({ length: 6 }, () => series()) }),
      'series',
      'A tile has at most 5 series',
    ],
    [
      'an unknown aggregation',
      tile({ series: [series({ aggFn: 'median' })] }),
      'series.0.aggFn',
      'Aggregation must be count, sum, avg, min, max, count_distinct, quantile, last_value, any or none',
    ],
    [
      'a percentile by name (stored as quantile + level)',
      tile({ series: [series({ aggFn: 'p95', field: 'Duration' })] }),
      'series.0.aggFn',
      'Aggregation must be count, sum, avg, min, max, count_distinct, quantile, last_value, any or none',
    ],
    [
      'an unknown where language',
      tile({ series: [series({ whereLanguage: 'kql' })] }),
      'series.0.whereLanguage',
      'Where language must be lucene or sql',
    ],
    [
      'sum without a field',
      tile({ series: [series({ aggFn: 'sum' })] }),
      'series.0.field',
      'Field is required for sum',
    ],
    [
      'quantile with a blank field',
      tile({ series: [series({ aggFn: 'quantile', level: 0.95, field: ' ' })] }),
      'series.0.field',
      'Field is required for quantile',
    ],
    [
      'quantile without level',
      tile({ series: [series({ aggFn: 'quantile', field: 'Duration' })] }),
      'series.0.level',
      'Level is required for quantile',
    ],
    ['no source', tile({ series: [series({ sourceId: undefined })] }), 'series.0.sourceId', 'Source is required'],
    [
      'a malformed source id',
      tile({ series: [series({ sourceId: 'logs' })] }),
      'series.0.sourceId',
      'Source must be a 24-character hexadecimal id or a UUID',
    ],
    [
      'a missing where',
      tile({ series: [series({ where: undefined })] }),
      'series.0.where',
      'Where must be a search expression (it may be empty)',
    ],
    [
      'different group-by',
      tile({
        series: [series({ groupBy: ['ServiceName'] }), series({ groupBy: ["ResourceAttributes['host.name']"] })],
      }),
      'series.1.groupBy',
      'All series must have the same group-by fields',
    ],
    [
      'mixed chart types',
      tile({ series: [series(), series({ type: 'number' })] }),
      'series.1.type',
      'All series must have the same chart type',
    ],
    ['as ratio with one series', tile({ asRatio: true }), 'asRatio', 'As ratio needs exactly 2 series'],
    [
      'as ratio with three series',
      tile({ asRatio: true, series: [series(), series(), series()] }),
      'asRatio',
      'As ratio needs exactly 2 series',
    ],
    [
      'a tile id over 36 characters',
      tile({ id: 'x'.repeat(37) }),
      'id',
      'Tile id must be at most 36 letters, digits, - or _',
    ],
    [
      'a search list without columns',
      tile({ series: [{ type: 'search', sourceId: SOURCE, where: '' }] }),
      'series.0.fields',
      'Columns must be a list',
    ],
  ])('refuses %s', (_, value, path, message) => {
    expect(issuesOf(tileSchema, value)).toEqual([{ path, message }]);
  });
});

describe('dashboard body schema', () => {
  it('accepts a body at every bound', () => {
    const tiles = Array.from({ length: DASHBOARD_LIMITS.tilesMax }, () => tile());
    const tags = Array.from({ length: DASHBOARD_LIMITS.tagsMax }, (_, i) => `t${i}`.padEnd(32, 'x'));
    expect(issuesOf(dashboardBodySchema, body({ name: 'n'.repeat(1024), tags, tiles }))).toEqual([]);
    expect(issuesOf(dashboardBodySchema, { name: 'No tags yet', tiles: [] })).toEqual([]);
  });

  it.each([
    ['an empty name', body({ name: '' }), 'name', 'Name is required'],
    ['a name over 1024 characters', body({ name: 'n'.repeat(1025) }), 'name', 'Name must be at most 1024 characters'],
    ['51 tags', body({ tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }), 'tags', 'At most 50 tags'],
    ['a tag over 32 characters', body({ tags: ['x'.repeat(33)] }), 'tags.0', 'A tag must be at most 32 characters'],
    [
      '501 tiles',
      body({ tiles: Array.from({ length: 501 }, () => tile()) }),
      'tiles',
      'A dashboard has at most 500 tiles',
    ],
    ['tiles not a list', body({ tiles: {} }), 'tiles', 'Tiles must be a list'],
    ['a bad tile inside', body({ tiles: [tile(), tile({ x: 23, w: 2 })] }), 'tiles.1.w', 'x + w must be at most 24'],
  ])('refuses %s', (_, value, path, message) => {
    expect(issuesOf(dashboardBodySchema, value)).toEqual([{ path, message }]);
  });

  it('keeps every field it does not manage: of the dashboard, of tiles, of series and configs', () => {
    const input = body({
      containers: [{ id: 'g', title: 'G', collapsed: false }],
      savedQuery: 'SeverityText:error',
      filters: [
        {
          id: 'f',
          type: 'QUERY_EXPRESSION',
          name: 'S',
          expression: 'ServiceName',
          sourceId: SOURCE,
          isVariableEnabled: true,
          variableName: 'svc',
        },
      ],
      tiles: [
        tile({ containerId: 'g', series: [series({ alias: 'req', metricName: 'm' })] }),
        tile({ series: undefined, config: { displayType: 'gauge', needle: 1 } }),
      ],
    });
    const result = safeParse(dashboardBodySchema, input);
    const tiles = input.tiles as Record<string, unknown>[];
    // Only the where language a query series needs is added.
    expect(result.success && result.data).toEqual({
      ...input,
      tiles: [{ ...tiles[0], series: [series({ alias: 'req', metricName: 'm', whereLanguage: 'lucene' })] }, tiles[1]],
    });
  });

  it('names the where language of every query and search series it lets through, keeping one that is given', () => {
    const result = safeParse(
      dashboardBodySchema,
      body({
        tiles: [
          tile({ series: [series(), series({ whereLanguage: 'sql' })] }),
          tile({ series: [{ type: 'markdown', content: '# Notes' }] }),
        ],
      }),
    );
    expect(result.success && result.data.tiles.map((t) => t.series!.map((s) => s.whereLanguage))).toEqual([
      ['lucene', 'sql'],
      [undefined],
    ]);
  });

  it.each([
    [
      'a tile with both forms',
      body({ tiles: [tile({ config: { displayType: 'markdown' } })] }),
      'tiles.0.config',
      'A tile has either series or a config, not both',
    ],
    [
      'a tile with neither',
      body({ tiles: [tile({ series: undefined })] }),
      'tiles.0.series',
      'A tile needs at least 1 series',
    ],
    [
      'a markdown config over 50,000 characters',
      body({ tiles: [tile({ series: undefined, config: { displayType: 'markdown', markdown: 'x'.repeat(50_001) } })] }),
      'tiles.0.config.markdown',
      'Text must be at most 50,000 characters',
    ],
    [
      'a filter without a field',
      body({ filters: [{ type: 'QUERY_EXPRESSION', name: 'S', expression: ' ', sourceId: SOURCE }] }),
      'filters.0.expression',
      'Filter field is required',
    ],
    [
      'a bad variable name',
      body({
        filters: [{ type: 'QUERY_EXPRESSION', name: 'S', expression: 'x', sourceId: SOURCE, variableName: '1x' }],
      }),
      'filters.0.variableName',
      'Variable name must start with a letter and hold only letters, digits and _',
    ],
    [
      'a default filter language',
      body({ savedQueryLanguage: 'kql' }),
      'savedQueryLanguage',
      'The default filter language must be lucene or sql',
    ],
  ])('refuses %s', (_, value, path, message) => {
    expect(issuesOf(dashboardBodySchema, value)).toEqual([{ path, message }]);
  });
});

describe('replace body schema (tiles as stored)', () => {
  it('takes a stored tile the editor would not author: an empty name, an aggregation of a newer version', () => {
    const stored = tile({
      id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
      name: '',
      series: [series({ aggFn: 'increase', field: '' })],
    });
    expect(issuesOf(dashboardReplaceBodySchema, body({ tiles: [stored] }))).toEqual([]);
  });

  it.each([
    ['x + w over 24', tile({ x: 20, w: 5 }), 'tiles.0.w', 'x + w must be at most 24'],
    ['a tile with neither form', tile({ series: undefined }), 'tiles.0.series', 'A tile needs at least 1 series'],
    [
      'six series',
      tile({ series: Array.from({ length: 6 }, () => series()) }),
      'tiles.0.series',
      'A tile has at most 5 series',
    ],
  ])("still checks every tile's place and form: %s", (_, value, path, message) => {
    expect(issuesOf(dashboardReplaceBodySchema, body({ tiles: [value] }))).toEqual([{ path, message }]);
  });
});

describe('seriesSourceId', () => {
  it('reads sourceId first, then the spec dataSource', () => {
    expect(seriesSourceId(series() as never)).toBe(SOURCE);
    expect(seriesSourceId(series({ sourceId: undefined, dataSource: 'bbbbbbbbbbbbbbbbbbbbbbbb' }) as never)).toBe(
      'bbbbbbbbbbbbbbbbbbbbbbbb',
    );
  });
});
