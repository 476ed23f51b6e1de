import { describe, expect, it } from 'vitest';
import { tileView } from '@/lib/charts/tile-view';
import { buildChartQuery, MAX_CHART_BUCKETS, type ChartView } from './build-chart-query';

const LOGS = '65f0c0ffee0123456789abcd';
const HOUR = 3_600_000;
const range = { startMs: 10 * HOUR, endMs: 11 * HOUR, granularity: 'auto' as const };
const view = (series: Record<string, unknown>[], extra: Record<string, unknown> = {}) =>
  tileView({ name: 't', series, ...extra }) as ChartView;

describe('buildChartQuery', () => {
  it('maps a time tile: dataSource → sourceId, auto granularity resolved, groupBy shared, lucene by default', () => {
    const built = buildChartQuery(
      view([{ type: 'time', dataSource: LOGS, aggFn: 'count', where: 'level:error', groupBy: ['ServiceName'] }]),
      range,
    );
    expect(built).toEqual({
      ok: true,
      display: 'line',
      granularity: '1m',
      aggFns: ['count'],
      notes: [],
      query: {
        startTime: 10 * HOUR,
        endTime: 11 * HOUR,
        granularity: '1m',
        series: [
          { sourceId: LOGS, aggFn: 'count', where: 'level:error', whereLanguage: 'lucene', groupBy: ['ServiceName'] },
        ],
      },
    });
  });

  it('maps p95 to quantile 0.95 and keeps a chosen granularity', () => {
    const built = buildChartQuery(
      view([
        { type: 'time', sourceId: LOGS, aggFn: 'p95', field: 'Duration', where: '' },
        { type: 'time', sourceId: LOGS, aggFn: 'quantile', level: 0.5, field: 'Duration', where: '' },
      ]),
      { ...range, granularity: '5m' },
    );
    expect(built.ok && built.query.series.map((s) => [s.aggFn, s.level])).toEqual([
      ['quantile', 0.95],
      ['quantile', 0.5],
    ]);
    expect(built.ok && built.granularity).toBe('5m');
  });

  it('asks one 30-day bucket for number (no groups), table, pie and bar tiles (their groups)', () => {
    const number = buildChartQuery(
      view([{ type: 'number', dataSource: LOGS, aggFn: 'count', where: '', groupBy: ['x'] }]),
      range,
    );
    expect(number.ok && [number.query.granularity, number.query.series[0]!.groupBy]).toEqual(['30d', []]);
    const pie = buildChartQuery(
      tileView({
        name: 'p',
        config: { displayType: 'pie', sourceId: LOGS, select: [{ aggFn: 'count' }], groupBy: 'level' },
      }) as ChartView,
      range,
    );
    expect(pie.ok && [pie.display, pie.query.granularity, pie.query.series[0]!.groupBy]).toEqual([
      'pie',
      '30d',
      ['level'],
    ]);
  });

  it('applies the dashboard filter and notes where it cannot', () => {
    const scope = { query: 'host:h1', filters: [] };
    const built = buildChartQuery(
      view([
        { type: 'time', sourceId: LOGS, aggFn: 'count', where: 'x = 1', whereLanguage: 'sql' },
        { type: 'time', sourceId: LOGS, aggFn: 'count', where: 'a' },
      ]),
      range,
      scope,
    );
    expect(built.ok && built.query.series.map((s) => s.where)).toEqual(['x = 1', '(a) AND (host:h1)']);
    expect(built.ok && built.notes).toEqual([expect.stringContaining('SQL')]);
  });

  it.each([
    ['no source', view([{ type: 'time', aggFn: 'count', where: '' }]), 'Series 1 has no data source'],
    ['an aggregate the API lacks', view([{ type: 'time', dataSource: LOGS, aggFn: 'any', where: '' }]), '“any”'],
    [
      'six series',
      view(Array.from({ length: 6 }, () => ({ type: 'time', dataSource: LOGS, aggFn: 'count', where: '' }))),
      'at most 5',
    ],
  ])('explains why %s cannot be drawn', (_name, input, reason) => {
    const built = buildChartQuery(input, range);
    expect(!built.ok && built.reason).toContain(reason);
  });

  it('refuses a granularity that would make too many buckets', () => {
    const built = buildChartQuery(view([{ type: 'time', dataSource: LOGS, where: '' }]), {
      startMs: 0,
      endMs: 30 * 24 * HOUR,
      granularity: '30s',
    });
    expect(!built.ok && built.reason).toContain('choose a coarser granularity');
    expect(30 * 24 * 120).toBeGreaterThan(MAX_CHART_BUCKETS);
  });
});
