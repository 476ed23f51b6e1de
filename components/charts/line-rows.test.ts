import { describe, expect, it } from 'vitest';
import { mergeLines } from './line-rows';
import type { ChartLine } from './prepare';

const line = (seriesIndex: number, points: [number, number | null][]): ChartLine => ({
  key: `series_${seriesIndex}`,
  seriesIndex,
  group: [],
  points: points.map(([t, v]) => ({ t, v })),
});

describe('mergeLines', () => {
  it('gives one row per shared bucket, keeping null gaps, when nothing was reduced', () => {
    expect(mergeLines([line(0, [[1, 5], [2, null]]), line(1, [[1, 7], [2, 8]])])).toEqual({
      rows: [
        { t: 1, l0: 5, l1: 7 },
        { t: 2, l0: null, l1: 8 },
      ],
      reduced: false,
    });
  });

  it('merges reduced lines by time, leaving out lines that did not keep a time', () => {
    expect(mergeLines([line(0, [[1, 5], [4, 6]]), line(1, [[2, 7], [4, 1]])])).toEqual({
      rows: [{ t: 1, l0: 5 }, { t: 2, l1: 7 }, { t: 4, l0: 6, l1: 1 }],
      reduced: true,
    });
  });

  it('handles no lines', () => {
    expect(mergeLines([])).toEqual({ rows: [], reduced: false });
  });
});
