import { describe, expect, it } from 'vitest';
import type { PipePoint, PipeSummary } from './history';
import { describeReadings } from './readings-line';
import type { PipeMetricsDetail } from './views';

const HOUR = 3_600_000;
const TO = Date.UTC(2026, 10, 27, 9, 0);
const summary: PipeSummary = {
  id: 'p',
  totals: { rows: 1, bytes: 1, errors: 0, fetchedRows: 1 },
  lastEventAt: null,
  watchedSince: TO - HOUR,
  sampledAt: TO,
};

const point = (t: number): PipePoint => ({ t, rowsPerSecond: 1, bytesPerSecond: 1, errorsPerSecond: 0 });

function detail(firstPointAt: number | null, overrides: Partial<PipeMetricsDetail> = {}): PipeMetricsDetail {
  return {
    range: '1h',
    retentionDays: 30,
    from: TO - HOUR,
    to: TO,
    sampledAt: TO,
    intervalMs: 60_000,
    summary,
    series: firstPointAt === null ? [] : [point(firstPointAt), point(TO)],
    ...overrides,
  };
}

describe('describeReadings', () => {
  it('says the metrics are being read while they are', () => {
    expect(describeReadings({ isPending: true })).toEqual({ text: 'Reading the cloud\u2019s metrics…' });
  });

  it('says nothing without a summary', () => {
    expect(describeReadings({ isPending: false, data: detail(null, { summary: null }) })).toBeUndefined();
    expect(describeReadings({ isPending: false })).toBeUndefined();
  });

  it('says when the charts will start before the first reading', () => {
    expect(describeReadings({ isPending: false, data: detail(null) })?.text).toBe(
      'Totals as the cloud\u2019s counters say now; the charts start after the next reading (every 60 s).',
    );
  });

  it('gives the time the history starts when it starts inside the range', () => {
    const first = TO - 20 * 60_000;
    expect(describeReadings({ isPending: false, data: detail(first) })).toEqual({
      chartedSince: first,
      text: 'read from the cloud every 60 s, kept 30 days.',
    });
  });

  it('gives no start when the history covers the range', () => {
    expect(describeReadings({ isPending: false, data: detail(TO - HOUR + 60_000) })).toEqual({
      text: 'Read from the cloud every 60 s, kept 30 days.',
    });
  });
});
