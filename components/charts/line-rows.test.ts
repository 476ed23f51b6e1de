import { describe, expect, it } from 'vitest';
import { columnsForBudget, fitBarsToWidth, fitLinesToBudget, MIN_BAR_PX, mergeLines } from './line-rows';
import type { ChartLine } from './prepare';

const line = (seriesIndex: number, points: [number, number | null][]): ChartLine => ({
  key: `series_${seriesIndex}`,
  seriesIndex,
  group: [],
  points: points.map(([t, v]) => ({ t, v })),
});

describe('mergeLines', () => {
  it('gives one row per shared bucket, keeping null gaps, when nothing was reduced', () => {
    expect(
      mergeLines([
        line(0, [
          [1, 5],
          [2, null],
        ]),
        line(1, [
          [1, 7],
          [2, 8],
        ]),
      ]),
    ).toEqual({
      rows: [
        { t: 1, l0: 5, l1: 7 },
        { t: 2, l0: null, l1: 8 },
      ],
      reduced: false,
    });
  });

  it('merges reduced lines by time, leaving out lines that did not keep a time', () => {
    expect(
      mergeLines([
        line(0, [
          [1, 5],
          [4, 6],
        ]),
        line(1, [
          [2, 7],
          [4, 1],
        ]),
      ]),
    ).toEqual({
      rows: [
        { t: 1, l0: 5 },
        { t: 2, l1: 7 },
        { t: 4, l0: 6, l1: 1 },
      ],
      reduced: true,
    });
  });

  it('merges no lines into no rows', () => {
    expect(mergeLines([])).toEqual({ rows: [], reduced: false });
  });
});

describe('fitLinesToBudget', () => {
  const wave = (n: number, seriesIndex: number): ChartLine =>
    line(
      seriesIndex,
      Array.from({ length: n }, (_, i): [number, number | null] => [
        i,
        i === 777 ? 1000 : i === 333 ? -1000 : Math.sin(i / 10),
      ]),
    );

  it('shares the row budget between lines, keeping every line’s extremes', () => {
    const fitted = fitLinesToBudget([wave(2000, 0), wave(2000, 1)], 400);
    for (const l of fitted) {
      expect(l.points.length).toBeLessThanOrEqual(2 * columnsForBudget(400, 2));
      const values = l.points.map((p) => p.v ?? 0);
      expect(Math.max(...values)).toBe(1000);
      expect(Math.min(...values)).toBe(-1000);
    }
    expect(mergeLines(fitted).rows.length).toBeLessThanOrEqual(400);
  });

  it('leaves lines within budget alone and never goes under the minimum columns', () => {
    const small = [wave(20, 0)];
    expect(fitLinesToBudget(small, 400)[0]).toBe(small[0]);
    expect(columnsForBudget(10, 20)).toBe(16);
  });
});

describe('fitBarsToWidth', () => {
  const wave = (seriesIndex: number, n: number) =>
    line(
      seriesIndex,
      Array.from({ length: n }, (_, i): [number, number] => [i, (i * 7 + seriesIndex) % 11]),
    );

  it('keeps every bucket of every stacked line while each bar has its pixels', () => {
    const lines = [wave(0, 48), wave(1, 48), wave(2, 48), wave(3, 48)];
    const kept = fitBarsToWidth(lines, 48 * MIN_BAR_PX);
    expect(kept).toBe(lines);
    expect(mergeLines(kept)).toMatchObject({ reduced: false });
    expect(mergeLines(kept).rows).toHaveLength(48);
  });

  it('shares the rows’ budget as lines do once there are more buckets than the plot has room for', () => {
    const lines = [wave(0, 400), wave(1, 400)];
    const { rows } = mergeLines(fitBarsToWidth(lines, 100));
    expect(rows.length).toBeLessThanOrEqual(2 * columnsForBudget(100, 2) * 2);
    expect(rows.length).toBeLessThan(400);
  });
});
