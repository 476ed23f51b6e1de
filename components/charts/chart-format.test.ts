import { describe, expect, it } from 'vitest';
import { tileView } from '@/lib/charts/tile-view';
import type { ChartView } from '@/lib/charts/build-chart-query';
import { inferredUnit, itemFormatter, seriesLabel, timeTickFormatter, timeTicks } from './chart-format';

describe('chart formatting', () => {
  it('picks the unit from the aggregate and field, and a stored format first', () => {
    expect(inferredUnit({ aggFn: 'count' })).toBe('count');
    expect(inferredUnit({ aggFn: 'quantile', field: 'Duration' })).toBe('ms');
    expect(inferredUnit({ aggFn: 'avg', field: 'bytes' })).toBe('plain');
    expect(inferredUnit({ aggFn: 'count' }, true)).toBe('ratio');
    const view = tileView({
      name: 't',
      series: [
        { type: 'time', sourceId: 'a', aggFn: 'avg', field: 'Duration', where: '', numberFormat: { output: 'byte' } },
      ],
    }) as ChartView;
    expect(itemFormatter(view, 0).full(2048)).toBe('2 KiB');
    expect(seriesLabel(view.items[0], 0)).toBe('avg(Duration)');
    expect(seriesLabel({ ...view.items[0]!, alias: 'Latency' }, 0)).toBe('Latency');
  });

  it('formats ticks by span: time of day, weekday, date', () => {
    const t = Date.UTC(2030, 5, 3, 14, 5);
    const local = new Date(t);
    const hhmm = `${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}`;
    expect(timeTickFormatter(3_600_000)(t)).toBe(hhmm);
    expect(timeTickFormatter(3 * 86_400_000)(t)).toMatch(/^[A-Z][a-z]{2},? \d{2}:\d{2}$/);
    expect(timeTickFormatter(30 * 86_400_000)(t)).toMatch(/^Jun \d{1,2}$/);
  });

  it('labels series by aggregate and field', () => {
    expect(seriesLabel({ aggFn: 'quantile', level: 0.95, field: 'Duration', where: '' }, 0)).toBe('p95(Duration)');
    expect(seriesLabel({ aggFn: 'count', where: '' }, 0)).toBe('count');
    expect(seriesLabel(undefined, 2)).toBe('Series 3');
  });
});

describe('timeTicks', () => {
  it('puts round times inside the range, at most the number asked', () => {
    const start = Date.UTC(2030, 5, 3, 14, 7);
    const ticks = timeTicks(start, start + 60 * 60_000, 6);
    expect(ticks.length).toBeLessThanOrEqual(6);
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    for (const t of ticks) {
      expect(t).toBeGreaterThanOrEqual(start);
      expect(new Date(t).getMinutes() % 10).toBe(0);
    }
    expect(timeTicks(start, start, 5)).toEqual([]);
  });
});
