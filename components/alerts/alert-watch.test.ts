import { describe, expect, it } from 'vitest';
import type { ChartView } from '@/lib/charts/build-chart-query';
import { watchedSeries } from './alert-watch';

const view = (over: Partial<ChartView>): ChartView => ({
  kind: 'chart',
  display: 'line',
  items: [],
  groupBy: [],
  asRatio: false,
  ...over,
});
const item = (over: Record<string, unknown>) =>
  ({ sourceId: 'a', aggFn: 'count', where: '', ...over }) as ChartView['items'][number];

describe('the series an alert watches', () => {
  it('names the one series and its where', () => {
    expect(watchedSeries(view({ items: [item({ where: 'SeverityText:error' })] })).text).toBe(
      'Watches “count where SeverityText:error”.',
    );
  });

  it('says the other series of the tile are not checked, and how groups are counted', () => {
    const text = watchedSeries(
      view({
        items: [item({ alias: 'Errors' }), item({ aggFn: 'avg', field: 'Duration' }), item({})],
        groupBy: ['ServiceName'],
      }),
    ).text;
    expect(text).toBe(
      "Watches the tile's first series, “Errors”; its other 2 series are not checked. The tile's groups by ServiceName are checked together, as one value per check.",
    );
  });
});
