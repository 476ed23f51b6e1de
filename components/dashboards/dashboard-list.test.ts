import { describe, expect, it } from 'vitest';
import type { Dashboard } from '@/lib/schemas/observability/dashboard';
import {
  dashboardFiltersQuery,
  filterDashboards,
  parseDashboardFilters,
  parseTagsText,
  tagsInUse,
} from './dashboard-list-filters';
import { exportDashboardJson, exportFileName, parseDashboardImport } from './dashboard-transfer';

const SOURCE = '67fde92fda19d1c3635e9934';
const tile = (over: Record<string, unknown> = {}) => ({
  id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  name: 'Requests',
  x: 0,
  y: 0,
  w: 12,
  h: 4,
  asRatio: false,
  series: [{ type: 'time' as const, sourceId: SOURCE, aggFn: 'count' as const, where: '', groupBy: [] }],
  ...over,
});
const list = [
  { name: 'Service health', tags: ['production', 'slo'] },
  { name: 'Checkout funnel', tags: ['checkout'] },
  { name: 'Infrastructure', tags: ['infra', 'production'] },
];

describe('dashboard list filters', () => {
  it('round-trips through the URL', () => {
    const filters = { query: 'health', tag: 'slo' };
    expect(dashboardFiltersQuery(filters)).toBe('?q=health&tag=slo');
    expect(parseDashboardFilters(new URLSearchParams('q=health&tag=slo'))).toEqual(filters);
    expect(dashboardFiltersQuery({ query: ' ' })).toBe('');
  });

  it('matches names case-insensitively and tags exactly', () => {
    expect(filterDashboards(list, { query: 'CHECK' }).map((d) => d.name)).toEqual(['Checkout funnel']);
    expect(filterDashboards(list, { query: '', tag: 'production' }).map((d) => d.name)).toEqual([
      'Service health',
      'Infrastructure',
    ]);
    expect(filterDashboards(list, { query: 'infra', tag: 'slo' })).toEqual([]);
    expect(filterDashboards(list, { query: '', tag: 'prod' })).toEqual([]);
  });

  it('offers the tags in use, and keeps a selected tag that is gone', () => {
    expect(tagsInUse(list)).toEqual(['checkout', 'infra', 'production', 'slo']);
    expect(tagsInUse([], 'old')).toEqual(['old']);
  });

  it('reads comma-separated tags', () => {
    expect(parseTagsText(' a, b ,, a,c ')).toEqual(['a', 'b', 'c']);
  });
});

describe('dashboard export and import', () => {
  const dashboard: Dashboard = {
    id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
    name: 'Service health!',
    tags: ['prod'],
    tiles: [tile()],
  };

  it('exports name, tags and tiles, and imports them back without tile ids', () => {
    const text = exportDashboardJson(dashboard);
    expect(JSON.parse(text)).toMatchObject({
      format: 'sluice.dashboard/v1',
      name: 'Service health!',
      tiles: [{ id: 'aaaaaaaaaaaaaaaaaaaaaaaa' }],
    });
    const imported = parseDashboardImport(text);
    expect(imported).toEqual({
      ok: true,
      body: {
        name: 'Service health!',
        tags: ['prod'],
        tiles: [expect.not.objectContaining({ id: expect.anything() })],
      },
    });
    expect(exportFileName(dashboard)).toBe('service-health.dashboard.json');
  });

  it('accepts a dashboard as either API returns it', () => {
    expect(parseDashboardImport(JSON.stringify({ data: dashboard })).ok).toBe(true);
    expect(parseDashboardImport(JSON.stringify({ status: 200, requestId: 'r', result: dashboard })).ok).toBe(true);
  });

  it.each([
    ['not JSON', '{name:', ['The file is not JSON.']],
    ['a list', '[]', ['The file does not hold a dashboard (expected an object with name and tiles).']],
    ['no name', JSON.stringify({ tiles: [] }), ['name: Name is required']],
    [
      'a tile out of bounds',
      JSON.stringify({ name: 'x', tiles: [tile({ x: 20, w: 6 }), tile({ h: 0 })] }),
      ['tiles.0.w: x + w must be at most 24', 'tiles.1.h: h must be at least 1'],
    ],
    [
      'a series without a field',
      JSON.stringify({
        name: 'x',
        tiles: [tile({ series: [{ type: 'time', sourceId: SOURCE, aggFn: 'avg', where: '' }] })],
      }),
      ['tiles.0.series.0.field: Field is required for avg'],
    ],
  ])('names the problems of %s', (_, text, errors) => {
    expect(parseDashboardImport(text)).toEqual({ ok: false, errors });
  });
});
