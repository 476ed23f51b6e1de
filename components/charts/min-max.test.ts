import { describe, expect, it } from 'vitest';
import { columnOf, minMaxReduce } from './min-max';

function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The column of each point, computed point by point rather than by the reduction's sweep. */
function columnsOf(t: ArrayLike<number>, buckets: number): number[] {
  const t0 = t[0] as number;
  const span = (t[t.length - 1] as number) - t0;
  return Array.from(t, (x) => columnOf(x, t0, span, buckets));
}

describe('minMaxReduce', () => {
  it('keeps the min and max of every column, in time order, at most 2 per column', () => {
    const random = mulberry32(42);
    for (let trial = 0; trial < 100; trial++) {
      const n = 1 + Math.floor(random() * 2000);
      const buckets = 1 + Math.floor(random() * 300);
      const t: number[] = [];
      let now = Math.floor(random() * 1e12);
      for (let i = 0; i < n; i++) {
        now += 1 + Math.floor(random() * 5000);
        t.push(now);
      }
      const v = Array.from({ length: n }, () => (random() < 0.1 ? null : Math.round((random() - 0.5) * 1000)));
      const kept = Array.from(minMaxReduce({ t, v }, buckets));

      expect(kept.length).toBeLessThanOrEqual(2 * buckets);
      expect(kept).toEqual([...kept].sort((a, b) => a - b));
      expect(new Set(kept).size).toBe(kept.length);

      const columns = columnsOf(t, buckets);
      const byColumn = new Map<number, number[]>();
      columns.forEach((c, i) => {
        const list = byColumn.get(c);
        if (list) list.push(i);
        else byColumn.set(c, [i]);
      });
      const keptValues = new Map<number, (number | null)[]>();
      for (const i of kept) {
        const list = keptValues.get(columns[i]!);
        if (list) list.push(v[i]!);
        else keptValues.set(columns[i]!, [v[i]!]);
      }

      for (const [column, indices] of byColumn) {
        const values = indices.map((i) => v[i]).filter((x): x is number => x !== null);
        const out = keptValues.get(column) ?? [];
        expect(out.length).toBeGreaterThanOrEqual(1);
        expect(out.length).toBeLessThanOrEqual(2);
        if (values.length === 0) {
          expect(out).toEqual([null]);
        } else {
          expect(out).toContain(Math.min(...values));
          expect(out).toContain(Math.max(...values));
        }
      }
    }
  });

  it("keeps each bucket's min and max index from typed arrays, skipping NaN as missing", () => {
    const t = Float64Array.from([0, 1, 2, 3, 4, 5, 6, 7]);
    const v = Float64Array.from([5, 1, 9, 3, NaN, NaN, 2, 8]);
    expect(Array.from(minMaxReduce({ t, v }, 2))).toEqual([1, 2, 6, 7]);
  });

  it('keeps a single point once and an all-missing column as a gap', () => {
    const t = [0, 1, 2, 3];
    const v = [null, null, 4, 4];
    expect(Array.from(minMaxReduce({ t, v }, 2))).toEqual([0, 2]);
  });

  it('never mistakes a missing value for 0', () => {
    expect(Array.from(minMaxReduce({ t: [0, 1, 2, 3], v: [5, null, 7, 6] }, 1))).toEqual([0, 2]);
  });

  it('agrees with the plain column formula away from boundaries', () => {
    expect(columnOf(0, 0, 100, 10)).toBe(0);
    expect(columnOf(15, 0, 100, 10)).toBe(1);
    expect(columnOf(10, 0, 100, 10)).toBe(1);
    expect(columnOf(100, 0, 100, 10)).toBe(9);
    expect(columnOf(42, 42, 0, 10)).toBe(0);
  });

  it('returns nothing for empty input and one min-max pair for a zero time span', () => {
    expect(minMaxReduce({ t: [], v: [] }, 10)).toHaveLength(0);
    expect(Array.from(minMaxReduce({ t: [5, 5, 5], v: [2, 1, 3] }, 10))).toEqual([1, 2]);
  });

  it('reduces 1M points without throwing', () => {
    const n = 1_000_000;
    const t = new Float64Array(n);
    const v = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      t[i] = i * 1000;
      v[i] = Math.sin(i / 1000) * 100 + (i % 7);
    }
    const kept = minMaxReduce({ t, v }, 1920);
    expect(kept.length).toBeLessThanOrEqual(2 * 1920);
    expect(kept.length).toBeGreaterThan(1920);
  });
});
