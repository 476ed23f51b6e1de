import { describe, expect, it } from 'vitest';
import { PipeMetricsHistory } from './history';
import type { PipeSample } from './parse';

const sample = (over: Partial<PipeSample> = {}): PipeSample => ({
  id: 'p',
  state: 'Running',
  fetchedEvents: 0,
  sentEvents: 0,
  fetchedBytes: 0,
  sentBytes: 0,
  errors: 0,
  ...over,
});
const scrape = (...pipes: PipeSample[]) => new Map(pipes.map((p) => [p.id, p]));

describe('PipeMetricsHistory', () => {
  it('shows what the counters say now, and no rate, after a single scrape', () => {
    const history = new PipeMetricsHistory();
    history.add(1000, scrape(sample({ sentEvents: 500, sentBytes: 9000, errors: 2, latencyMs: 340 })));
    expect(history.summary('p')).toEqual({
      id: 'p',
      state: 'Running',
      totals: { rows: 500, bytes: 9000, errors: 2, fetchedRows: 0 },
      lastEventAt: null,
      watchedSince: 1000,
      sampledAt: 1000,
      latencyMs: 340,
    });
    expect(history.series('p', 0, 2000)).toEqual([]);
  });

  it('computes rates from counter deltas between scrapes and remembers when rows last moved', () => {
    const history = new PipeMetricsHistory();
    history.add(0, scrape(sample({ sentEvents: 100, fetchedEvents: 100, sentBytes: 1000 })));
    history.add(10_000, scrape(sample({ sentEvents: 600, fetchedEvents: 610, sentBytes: 6000, errors: 10 })));
    history.add(20_000, scrape(sample({ sentEvents: 600, fetchedEvents: 610, sentBytes: 6000, errors: 10 })));
    expect(history.summary('p')!.rates).toEqual({ rowsPerSecond: 0, bytesPerSecond: 0, errorsPerSecond: 0 });
    expect(history.summary('p')!.lastEventAt).toBe(10_000);
    expect(history.series('p', 0, 20_000).map((p) => [p.t, p.rowsPerSecond, p.errorsPerSecond])).toEqual([
      [10_000, 50, 1],
      [20_000, 0, 0],
    ]);
  });

  it('reads a counter that went down as a reset counting from zero', () => {
    const history = new PipeMetricsHistory();
    history.add(0, scrape(sample({ sentEvents: 1_000_000 })));
    history.add(2000, scrape(sample({ sentEvents: 400 })));
    expect(history.summary('p')!.rates!.rowsPerSecond).toBe(200);
  });

  it('merges intervals into wider buckets exactly, and forgets what is older than its retention', () => {
    const history = new PipeMetricsHistory(60_000);
    for (let i = 0; i <= 100; i++) history.add(i * 1000, scrape(sample({ sentEvents: i * i, latencyMs: i })));
    const points = history.series('p', 40_000, 100_000, 3);
    expect(points).toHaveLength(3);
    // 20 s buckets: rows from (40² → 60²) over 20 s, and the mean of the gauges in it.
    expect(points[0]).toMatchObject({ t: 60_000, rowsPerSecond: (3600 - 1600) / 20, latencyMs: 50.5 });
    expect(history.series('p', 0, 100_000).length).toBe(61);
  });

  it('forgets a pipe the upstream no longer reports', () => {
    const history = new PipeMetricsHistory();
    history.add(0, scrape(sample(), sample({ id: 'q' })));
    history.add(1000, scrape(sample({ id: 'q' })));
    expect(history.summaries().map((s) => s.id)).toEqual(['q']);
  });
});
