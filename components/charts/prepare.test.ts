import { describe, expect, it } from 'vitest';
import { columnOf } from './min-max';
import type { ChartSeriesRow } from '@/lib/charts/series-row';
import { type PrepareOptions, coerceNumber, lineKey, prepareNumber, prepareSeries } from './prepare';

const MIN = 60_000;
const T0 = Date.parse('2030-06-15T12:00:00Z');

const options = (overrides: Partial<PrepareOptions> = {}): PrepareOptions => ({
  seriesCount: 1,
  startMs: T0,
  endMs: T0 + 5 * MIN,
  granularityMs: MIN,
  widthPx: 800,
  fill: 'zero',
  ...overrides,
});

const row = (minute: number, values: Record<number, unknown>, group: unknown[] = []): ChartSeriesRow => {
  const r: ChartSeriesRow = { ts_bucket: T0 + minute * MIN, group };
  for (const [i, v] of Object.entries(values)) r[`series_${Number(i)}.data`] = v;
  return r;
};

describe('coerceNumber', () => {
  it.each([
    ['42', 42],
    [' 3.5 ', 3.5],
    ['-7', -7],
    [42, 42],
    [0, 0],
    [1.25, 1.25],
    ['x', null],
    ['', null],
    ['  ', null],
    [null, null],
    [undefined, null],
    [Number.NaN, null],
    [Infinity, null],
    [true, null],
    [{}, null],
  ])('%j → %j', (input, expected) => {
    expect(coerceNumber(input)).toBe(expected);
  });
});

describe('prepareSeries', () => {
  it('coerces string values and never yields NaN', () => {
    const { lines } = prepareSeries([row(0, { 0: '42' }), row(1, { 0: 'x' }), row(2, { 0: 7 })], options());
    expect(lines[0]!.points.slice(0, 3).map((p) => p.v)).toEqual([42, null, 7]);
    expect(lines[0]!.points.some((p) => Number.isNaN(p.v))).toBe(false);
  });

  it('sorts unsorted rows by bucket', () => {
    const rows = [row(3, { 0: 3 }), row(0, { 0: 0 }), row(4, { 0: 4 }), row(1, { 0: 1 }), row(2, { 0: 2 })];
    const { lines } = prepareSeries(rows, options());
    expect(lines[0]!.points).toEqual([0, 1, 2, 3, 4].map((m) => ({ t: T0 + m * MIN, v: m })));
  });

  it('fills missing buckets with 0 in zero mode over the aligned range', () => {
    const { lines, bucketCount } = prepareSeries(
      [row(2, { 0: '5' })],
      options({ startMs: T0 + 20_000, endMs: T0 + 4 * MIN + 30_000 }),
    );
    expect(bucketCount).toBe(5);
    expect(lines[0]!.points).toEqual([
      { t: T0, v: 0 },
      { t: T0 + MIN, v: 0 },
      { t: T0 + 2 * MIN, v: 5 },
      { t: T0 + 3 * MIN, v: 0 },
      { t: T0 + 4 * MIN, v: 0 },
    ]);
  });

  it('fills missing buckets with null in gap mode', () => {
    const { lines } = prepareSeries([row(1, { 0: 2.5 }), row(3, { 0: 1 })], options({ fill: 'gap' }));
    expect(lines[0]!.points.map((p) => p.v)).toEqual([null, 2.5, null, 1, null]);
    expect(lines[0]!.points.map((p) => p.t)).toEqual([0, 1, 2, 3, 4].map((m) => T0 + m * MIN));
  });

  it('aligns unaligned row timestamps into their bucket', () => {
    const rows: ChartSeriesRow[] = [{ ts_bucket: T0 + MIN + 10_000, group: [], 'series_0.data': 9 }];
    expect(prepareSeries(rows, options()).lines[0]!.points[1]).toEqual({ t: T0 + MIN, v: 9 });
  });

  it('splits rows into lines by series and group with readable keys', () => {
    const rows = [
      row(0, { 0: 1, 1: '10' }, ['checkout']),
      row(0, { 0: 2 }, ['search']),
      row(1, { 0: 3, 1: 30 }, ['checkout']),
    ];
    const { lines } = prepareSeries(rows, options({ seriesCount: 2 }));
    expect(lines.map((l) => [l.key, l.seriesIndex, l.group])).toEqual([
      ['series_0 · checkout', 0, ['checkout']],
      ['series_0 · search', 0, ['search']],
      ['series_1 · checkout', 1, ['checkout']],
    ]);
    expect(lines[2]!.points.map((p) => p.v)).toEqual([10, 30, 0, 0, 0]);
    expect(lineKey(0, [])).toBe('series_0');
    expect(lineKey(1, ['eu', '200'])).toBe('series_1 · eu · 200');
  });

  it('names an ungrouped line after its series and ignores series beyond seriesCount', () => {
    const { lines } = prepareSeries([row(0, { 0: 1, 1: 2 })], options());
    expect(lines.map((l) => l.key)).toEqual(['series_0']);
  });

  it('keeps the lines with the largest totals and reports the hidden ones', () => {
    const rows = Array.from({ length: 25 }, (_, g) => row(g % 5, { 0: String(g) }, [`g${String(g).padStart(2, '0')}`]));
    const { lines, hiddenLineCount } = prepareSeries(rows, options());
    expect(lines).toHaveLength(20);
    expect(hiddenLineCount).toBe(5);
    expect(lines.map((l) => l.group[0])).toEqual(
      Array.from({ length: 20 }, (_, i) => `g${String(i + 5).padStart(2, '0')}`),
    );

    const capped = prepareSeries(rows, options({ maxLines: 3 }));
    expect(capped.lines.map((l) => l.key)).toEqual(['series_0 · g22', 'series_0 · g23', 'series_0 · g24']);
    expect(capped.hiddenLineCount).toBe(22);
  });

  it('returns small inputs unchanged', () => {
    const rows = [row(0, { 0: 1 }), row(1, { 0: 5 }), row(2, { 0: 3 }), row(3, { 0: 2 }), row(4, { 0: 4 })];
    const { lines } = prepareSeries(rows, options({ widthPx: 3 }));
    expect(lines[0]!.points.map((p) => p.v)).toEqual([1, 5, 3, 2, 4]);
  });

  it('reduces long lines to at most 2 points per pixel keeping each column’s extremes', () => {
    const buckets = 2000;
    const values = Array.from({ length: buckets }, (_, i) => Math.round(Math.sin(i / 17) * 100 + ((i * 7919) % 13)));
    const rows = values.map((v, i) => row(i, { 0: v }));
    const widthPx = 150;
    const { lines, bucketCount } = prepareSeries(rows, options({ endMs: T0 + buckets * MIN, widthPx }));
    expect(bucketCount).toBe(buckets);
    const points = lines[0]!.points;
    expect(points.length).toBeLessThanOrEqual(2 * widthPx);
    expect(points.map((p) => p.t)).toEqual([...points.map((p) => p.t)].sort((a, b) => a - b));

    const span = (buckets - 1) * MIN;
    for (let c = 0; c < widthPx; c++) {
      const inColumn = values.filter((_, i) => columnOf(T0 + i * MIN, T0, span, widthPx) === c);
      const kept = points.filter((p) => columnOf(p.t, T0, span, widthPx) === c).map((p) => p.v);
      expect(kept).toContain(Math.min(...inColumn));
      expect(kept).toContain(Math.max(...inColumn));
    }
  });

  it('keeps runs of missing buckets as gaps after reduction', () => {
    const rows = Array.from({ length: 1000 }, (_, i) => (i >= 400 && i < 600 ? null : row(i, { 0: i % 10 }))).filter(
      (r): r is ChartSeriesRow => r !== null,
    );
    const { lines } = prepareSeries(rows, options({ endMs: T0 + 1000 * MIN, widthPx: 50, fill: 'gap' }));
    const middle = lines[0]!.points.filter((p) => p.t >= T0 + 420 * MIN && p.t < T0 + 580 * MIN);
    expect(middle.length).toBeGreaterThan(0);
    expect(middle.every((p) => p.v === null)).toBe(true);
  });

  it('widens the grid for rows outside the range instead of dropping them', () => {
    const { lines, bucketCount } = prepareSeries([row(-1, { 0: 4 })], options());
    expect(bucketCount).toBe(6);
    expect(lines[0]!.points[0]).toEqual({ t: T0 - MIN, v: 4 });
  });

  it('returns no lines for no rows but still counts the buckets', () => {
    expect(prepareSeries([], options())).toEqual({ lines: [], hiddenLineCount: 0, bucketCount: 5 });
  });

  it('rejects a non-positive granularity', () => {
    expect(() => prepareSeries([], options({ granularityMs: 0 }))).toThrow(RangeError);
  });
});

describe('prepareNumber', () => {
  it('sums the series across groups and buckets, coercing strings', () => {
    const rows = [row(0, { 0: '40', 1: 1 }, ['a']), row(1, { 0: 2 }, ['b']), row(2, { 1: 5 }, ['a'])];
    expect(prepareNumber(rows, 0)).toBe(42);
    expect(prepareNumber(rows, 1)).toBe(6);
  });

  it('returns a single value as is and null when there is none', () => {
    expect(prepareNumber([row(0, { 0: '3.5' })], 0)).toBe(3.5);
    expect(prepareNumber([row(0, { 0: 'x' })], 0)).toBeNull();
    expect(prepareNumber([], 0)).toBeNull();
    expect(prepareNumber([row(0, { 0: 1 })], 2)).toBeNull();
  });
});
