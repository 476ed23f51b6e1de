import { describe, expect, it } from 'vitest';
import type { ChartSeriesRow } from '@/lib/charts/series-row';
import { combineNumber, fillModeFor, ratioRows, seriesWithoutData } from './tile-values';

const row = (t: number, values: Record<number, unknown>, group: unknown[] = []): ChartSeriesRow => {
  const r: ChartSeriesRow = { ts_bucket: t, group };
  for (const [i, v] of Object.entries(values)) r[`series_${Number(i)}.data`] = v;
  return r;
};

describe('ratioRows', () => {
  it('divides series_0 by series_1 per row, with no ratio for a zero or missing divisor', () => {
    expect(
      ratioRows([row(1, { 0: '5', 1: '10' }), row(2, { 0: 3, 1: 0 }), row(3, { 1: 4 }), row(4, { 0: 2 }), row(5, {})]),
    ).toEqual([
      { ts_bucket: 1, group: [], 'series_0.data': 0.5 },
      { ts_bucket: 2, group: [], 'series_0.data': null },
      { ts_bucket: 3, group: [], 'series_0.data': 0 },
      { ts_bucket: 4, group: [], 'series_0.data': null },
    ]);
  });
});

describe('combineNumber', () => {
  const rows = [row(1, { 0: '4' }), row(2, { 0: 6 }), row(3, { 1: 1 })];
  it.each([
    ['count', 10, false],
    ['sum', 10, false],
    ['min', 4, false],
    ['max', 6, false],
    ['avg', 5, true],
    ['quantile', 5, true],
  ])('%s of two buckets → %s', (aggFn, value, approximate) => {
    expect(combineNumber(rows, 0, aggFn)).toEqual({ value, approximate });
  });

  it('is exact for one bucket and null without values', () => {
    expect(combineNumber([row(1, { 0: 7.5 })], 0, 'quantile')).toEqual({ value: 7.5, approximate: false });
    expect(combineNumber(rows, 2, 'count')).toEqual({ value: null, approximate: false });
  });
});

describe('seriesWithoutData and fillModeFor', () => {
  it('names the series that returned nothing', () => {
    expect(seriesWithoutData([row(1, { 0: 1 }), row(2, { 2: 1 })], 3)).toEqual([1]);
    expect(seriesWithoutData([], 2)).toEqual([0, 1]);
  });
  it('fills counts with zero and averages with gaps', () => {
    expect(fillModeFor('count')).toBe('zero');
    expect(fillModeFor('avg')).toBe('gap');
  });
});
