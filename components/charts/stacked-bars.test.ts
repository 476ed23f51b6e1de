import { describe, expect, it } from 'vitest';
import type { LineRow } from './line-rows';
import { stackSegments, stacksAsOneBar, stackTotal } from './stacked-bars';

const row = (t: number, ...values: Array<number | null | undefined>): LineRow => {
  const r: LineRow = { t };
  values.forEach((v, i) => {
    r[`l${i}`] = v;
  });
  return r;
};

describe('stacked bars as one bar per bucket', () => {
  it('totals the shown lines only', () => {
    expect(stackTotal(row(0, 2, 3, 5), [0, 1, 2])).toBe(10);
    expect(stackTotal(row(0, 2, 3, 5), [0, 2])).toBe(7);
    expect(stackTotal(row(0, 2, undefined, null), [0, 1, 2])).toBe(2);
  });

  it('splits the bar recharts placed for the total into segments, first line at the bottom', () => {
    // Total 10 drawn 100 px tall from y = 20 (top) to 120 (bottom).
    expect(stackSegments(row(0, 2, 3, 5), [0, 1, 2], 20, 100)).toEqual([
      { index: 0, y: 100, height: 20 },
      { index: 1, y: 70, height: 30 },
      { index: 2, y: 20, height: 50 },
    ]);
  });

  it('leaves out hidden lines, empty values and empty buckets', () => {
    expect(stackSegments(row(0, 2, 0, 2), [0, 1, 2], 0, 40)).toEqual([
      { index: 0, y: 20, height: 20 },
      { index: 2, y: 0, height: 20 },
    ]);
    expect(stackSegments(row(0, 2, 3, 5), [2], 0, 50)).toEqual([{ index: 2, y: 0, height: 50 }]);
    expect(stackSegments(row(0, 0, 0), [0, 1], 0, 0)).toEqual([]);
  });

  it('is used only when no shown value is negative (recharts stacks those below zero)', () => {
    const rows = [row(0, 1, 2), row(1, 3, -1)];
    expect(stacksAsOneBar(rows, [0, 1])).toBe(false);
    expect(stacksAsOneBar(rows, [0])).toBe(true);
  });
});
