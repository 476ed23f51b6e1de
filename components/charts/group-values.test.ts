import { describe, expect, it } from 'vitest';
import { groupValues, topGroups } from './group-values';

describe('group values of whole-range tiles', () => {
  const rows = [
    { ts_bucket: 0, group: ['checkout'], 'series_0.data': '3', 'series_1.data': 10 },
    { ts_bucket: 1, group: ['checkout'], 'series_0.data': 2, 'series_1.data': 20 },
    { ts_bucket: 0, group: [''], 'series_0.data': 1 },
  ];

  it('combines the buckets of each group as its aggregate allows', () => {
    expect(groupValues(rows, 2, ['count', 'max'])).toEqual([
      { key: '["checkout"]', group: ['checkout'], values: [5, 20] },
      { key: '["(empty)"]', group: ['(empty)'], values: [1, null] },
    ]);
  });

  it('divides series 1 by series 2 for a ratio', () => {
    expect(groupValues(rows, 2, ['count', 'sum'], true).map((g) => g.values)).toEqual([[5 / 30], [null]]);
  });

  it('keeps the largest groups and sums the rest as Other', () => {
    const groups = [1, 5, 3, 2].map((v, i) => ({ key: String(i), group: [`g${i}`], values: [v] }));
    expect(topGroups(groups, 2).map((g) => [g.group[0], g.values[0]])).toEqual([
      ['g1', 5],
      ['g2', 3],
      ['Other', 3],
    ]);
    expect(topGroups(groups, 0)).toHaveLength(4);
  });
});
