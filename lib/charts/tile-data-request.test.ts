import { describe, expect, it } from 'vitest';
import { buildChartQuery, type ChartView } from './build-chart-query';
import { EMPTY_SCOPE, type DashboardScope } from './dashboard-scope';
import { tileDataRequest } from './tile-data-request';
import { tileView } from './tile-view';

const LOGS = '65f0c0ffee0123456789abcd';
const TRACES = '65f0c0ffee0123456789abce';
const HOUR = 3_600_000;
const range = { startMs: 10 * HOUR, endMs: 12 * HOUR, granularity: 'auto' as const };
const scope: DashboardScope = { query: 'ServiceName:"api"', filters: [] };

describe('tileDataRequest', () => {
  it('asks a chart tile for the series its chart builds, with the dashboard scope', () => {
    const view = tileView({
      name: 'Errors',
      series: [{ type: 'time', sourceId: LOGS, aggFn: 'count', where: 'SeverityText:error', groupBy: [] }],
    });
    const built = buildChartQuery(view as ChartView, range, scope);
    expect(built.ok).toBe(true);
    expect(tileDataRequest(view, range, scope)).toEqual({ kind: 'series', query: built.ok && built.query });
    expect(tileDataRequest(view, range, scope)).toMatchObject({
      query: { series: [{ where: '(SeverityText:error) AND (ServiceName:"api")' }] },
    });
  });

  it('asks a heatmap tile for counts per value over 40 columns', () => {
    const view = tileView({
      name: 'Latency',
      config: { displayType: 'heatmap', sourceId: TRACES, select: [{ valueExpression: 'Duration' }], where: '' },
    });
    expect(tileDataRequest(view, range, EMPTY_SCOPE)).toEqual({
      kind: 'series',
      query: {
        startTime: 10 * HOUR,
        endTime: 12 * HOUR,
        granularity: '5m',
        series: [{ sourceId: TRACES, aggFn: 'count', where: '', whereLanguage: 'lucene', groupBy: ['Duration'] }],
      },
    });
  });

  it('asks a search tile for its columns’ latest 200 events, without times (the range gives them)', () => {
    const view = tileView({
      name: 'Latest errors',
      series: [{ type: 'search', sourceId: LOGS, fields: ['Timestamp', 'Body'], where: 'SeverityText:error' }],
    });
    expect(tileDataRequest(view, range, EMPTY_SCOPE)).toEqual({
      kind: 'search',
      query: {
        sourceId: LOGS,
        where: 'SeverityText:error',
        whereLanguage: 'lucene',
        select: 'Timestamp, Body',
        maxResults: 200,
      },
    });
  });

  it('reads nothing for a note, or a tile without a source', () => {
    expect(
      tileDataRequest(tileView({ name: 'n', series: [{ type: 'markdown', content: 'hi' }] }), range, EMPTY_SCOPE),
    ).toBeNull();
    const sourceless = tileView({ name: 's', series: [{ type: 'search', fields: ['Body'], where: '' }] });
    expect(tileDataRequest(sourceless, range, EMPTY_SCOPE)).toBeNull();
  });
});
