import { describe, expect, it } from 'vitest';
import { heatmapBins } from './heatmap-bins';

const M = 60_000;
describe('heatmap bins', () => {
  it('puts each value count in its time column and value row', () => {
    const rows = [
      { ts_bucket: 0, group: ['1'], 'series_0.data': 2 },
      { ts_bucket: 0, group: ['100'], 'series_0.data': '3' },
      { ts_bucket: M, group: ['10'], 'series_0.data': 5 },
      { ts_bucket: M, group: ['oops'], 'series_0.data': 1 },
    ];
    const bins = heatmapBins(rows, { startMs: 0, endMs: 2 * M, granularityMs: M, scale: 'log', binCount: 2 });
    expect(bins.buckets).toEqual([0, M]);
    expect(bins.edges.map((e) => Math.round(e))).toEqual([1, 10]);
    expect(bins.counts).toEqual([
      [2, 3],
      [0, 5],
    ]);
    expect([bins.maxCount, bins.skipped]).toEqual([5, 1]);
  });

  it('bins linearly and copes with no data', () => {
    const bins = heatmapBins(
      [
        { ts_bucket: 0, group: ['0'], 'series_0.data': 1 },
        { ts_bucket: 0, group: ['10'], 'series_0.data': 1 },
      ],
      { startMs: 0, endMs: M, granularityMs: M, scale: 'linear', binCount: 2 },
    );
    expect(bins.counts).toEqual([[1, 1]]);
    expect(heatmapBins([], { startMs: 0, endMs: M, granularityMs: M, scale: 'log' }).maxCount).toBe(0);
  });
});
