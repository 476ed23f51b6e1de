import { describe, expect, it } from 'vitest';
import { buildChartQuery, MAX_CHART_BUCKETS } from './build-chart-query';
import type { ChartTile } from '@/lib/charts/tile-shape';

const LOGS = '65f0c0ffee0123456789abcd';
const HOUR = 3_600_000;
const range = { startMs: 10 * HOUR, endMs: 11 * HOUR, granularity: 'auto' as const };
const tile = (series: ChartTile['series'], extra: Partial<ChartTile> = {}): ChartTile => ({ name: 't', series, ...extra });

describe('buildChartQuery', () => {
  it('maps a time tile: dataSource → sourceId, auto granularity resolved, groupBy shared', () => {
    const built = buildChartQuery(
      tile([{ type: 'time', dataSource: LOGS, aggFn: 'count', where: 'level:error', groupBy: ['ServiceName'] }]),
      range,
    );
    expect(built).toEqual({
      ok: true,
      kind: 'time',
      granularity: '1m',
      aggFns: ['count'],
      query: {
        startTime: 10 * HOUR,
        endTime: 11 * HOUR,
        granularity: '1m',
        series: [{ sourceId: LOGS, aggFn: 'count', where: 'level:error', whereLanguage: 'lucene', groupBy: ['ServiceName'] }],
      },
    });
  });

  it('reads sourceId of seeded tiles, an older p95 as quantile 0.95, the where language (lucene unless named) and a chosen granularity', () => {
    const built = buildChartQuery(
      tile([
        { type: 'time', sourceId: LOGS, aggFn: 'p95', field: 'Duration', where: '' },
        { type: 'time', sourceId: LOGS, aggFn: 'quantile', level: 0.5, field: 'Duration', where: '', whereLanguage: 'sql' },
      ]),
      { ...range, granularity: '5m' },
    );
    expect(built.ok && built.query.series).toEqual([
      { sourceId: LOGS, aggFn: 'quantile', level: 0.95, field: 'Duration', where: '', whereLanguage: 'lucene', groupBy: [] },
      { sourceId: LOGS, aggFn: 'quantile', level: 0.5, field: 'Duration', where: '', whereLanguage: 'sql', groupBy: [] },
    ]);
    expect(built.ok && built.granularity).toBe('5m');
  });

  it('asks one 30-day bucket without groups for a number tile', () => {
    const built = buildChartQuery(tile([{ type: 'number', dataSource: LOGS, aggFn: 'count', where: '', groupBy: ['x'] }]), range);
    expect(built.ok && built.kind).toBe('number');
    expect(built.ok && built.query.granularity).toBe('30d');
    expect(built.ok && built.query.series[0]!.groupBy).toEqual([]);
  });

  it.each([
    ['no series', tile([]), 'This tile has no series'],
    ['a table tile', tile([{ type: 'table', dataSource: LOGS, aggFn: 'count' }]), 'Table tiles are not drawn as charts'],
    ['mixed types', tile([{ type: 'time', dataSource: LOGS }, { type: 'number', dataSource: LOGS }]), 'same type'],
    ['no source', tile([{ type: 'time', aggFn: 'count' }]), 'Series 1 has no data source'],
    ['an aggregate the chart API lacks', tile([{ type: 'time', dataSource: LOGS, aggFn: 'any' }]), '“any”'],
  ])('explains why %s cannot be drawn', (_name, input, reason) => {
    const built = buildChartQuery(input, range);
    expect(built.ok).toBe(false);
    expect(!built.ok && built.reason).toContain(reason);
  });

  it('refuses a granularity that would make too many buckets', () => {
    const built = buildChartQuery(tile([{ type: 'time', dataSource: LOGS }]), { startMs: 0, endMs: 30 * 24 * HOUR, granularity: '30s' });
    expect(built.ok).toBe(false);
    expect(!built.ok && built.reason).toContain('choose a coarser granularity');
    expect(30 * 24 * 120).toBeGreaterThan(MAX_CHART_BUCKETS);
  });
});
