import type { PipeMetricsDetail } from './views';

/**
 * The one line under a pipe's metrics panel title: how fresh the figures are and where the charts
 * begin. `chartedSince` is set when the stored history starts inside the range (the line then
 * begins "Charted since" that time); `text` is the rest.
 */
export interface ReadingsLine {
  chartedSince?: number;
  text: string;
}

/** The line for the metrics as they stand; `undefined` when there is no summary to speak of. */
export function describeReadings(metrics: { data?: PipeMetricsDetail; isPending: boolean }): ReadingsLine | undefined {
  const data = metrics.data;
  if (metrics.isPending) return { text: 'Reading the cloud\u2019s metrics…' };
  if (!data?.summary) return undefined;
  const every = `every ${Math.round(data.intervalMs / 1000)} s`;
  if (data.series.length === 0)
    return { text: `Totals as the cloud\u2019s counters say now; the charts start after the next reading (${every}).` };
  const kept = `kept ${data.retentionDays} days`;
  const first = data.series[0]!.t;
  // The stored history begins when a console first read this pipe (within the range's first stretch: it covers the range).
  if (first - data.from > Math.max(3 * data.intervalMs, (data.to - data.from) / 48))
    return { chartedSince: first, text: `read from the cloud ${every}, ${kept}.` };
  return { text: `Read from the cloud ${every}, ${kept}.` };
}
