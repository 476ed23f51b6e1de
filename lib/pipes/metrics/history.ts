/**
 * What the console has learned about its pipes from successive scrapes. Rates are never read
 * from the upstream: they come from the counter deltas between two scrapes (a counter that went
 * down was reset and counts from zero, as Prometheus' own `rate()` reads it). With a single
 * scrape there is no rate yet, only what the counters say now.
 */
import type { PipeGauges, PipeSample, PipeSamples } from './parse';

export type { PipeGauges } from './parse';

export interface PipeRates {
  /** Records written to the destination per second. */
  rowsPerSecond: number;
  /** Uncompressed bytes written to the destination per second. */
  bytesPerSecond: number;
  errorsPerSecond: number;
}

/** One point of a chart: the rates between two scrapes ending at `t`, and the gauges at `t`. */
export interface PipePoint extends PipeRates, PipeGauges {
  t: number;
}

export interface PipeTotals {
  rows: number;
  bytes: number;
  errors: number;
  fetchedRows: number;
}

export interface PipeSummary extends PipeGauges {
  id: string;
  /** The pipe's name and state as the scrape's labels gave them (`clickpipe_name`, `clickpipe_state`). */
  name?: string;
  state?: string;
  totals: PipeTotals;
  /** Rates between the last two scrapes; absent while only one scrape has seen the pipe. */
  rates?: PipeRates;
  /** Scrape at which the counters were last seen moving; null if they have not moved since `watchedSince`. */
  lastEventAt: number | null;
  /** First scrape that saw the pipe: history and `lastEventAt` reach back to here. */
  watchedSince: number;
  sampledAt: number;
}

/** Raw deltas of one interval, kept so that points can be merged exactly into wider buckets. */
interface Interval extends PipeGauges {
  t: number;
  dt: number;
  rows: number;
  bytes: number;
  errors: number;
}

interface PipeTrack {
  last: PipeSample;
  lastAt: number;
  watchedSince: number;
  lastEventAt: number | null;
  intervals: Interval[];
}

export const HISTORY_MS = 24 * 3_600_000;

const increase = (now: number, before: number) => (now >= before ? now - before : now);

function gaugesOf(sample: PipeSample): PipeGauges {
  const gauges: PipeGauges = {};
  if (sample.latencyMs !== undefined) gauges.latencyMs = sample.latencyMs;
  if (sample.replicationLagMiB !== undefined) gauges.replicationLagMiB = sample.replicationLagMiB;
  if (sample.cpuMillicores !== undefined) gauges.cpuMillicores = sample.cpuMillicores;
  if (sample.cpuLimitMillicores !== undefined) gauges.cpuLimitMillicores = sample.cpuLimitMillicores;
  if (sample.memoryBytes !== undefined) gauges.memoryBytes = sample.memoryBytes;
  if (sample.memoryLimitBytes !== undefined) gauges.memoryLimitBytes = sample.memoryLimitBytes;
  return gauges;
}

const GAUGE_KEYS = [
  'latencyMs',
  'replicationLagMiB',
  'cpuMillicores',
  'cpuLimitMillicores',
  'memoryBytes',
  'memoryLimitBytes',
] as const;

/** Intervals merged: rates from the summed deltas over the summed time, gauges averaged where present. */
function merge(intervals: Interval[]): PipePoint {
  let dt = 0;
  let rows = 0;
  let bytes = 0;
  let errors = 0;
  const sums: Partial<Record<(typeof GAUGE_KEYS)[number], [number, number]>> = {};
  for (const interval of intervals) {
    dt += interval.dt;
    rows += interval.rows;
    bytes += interval.bytes;
    errors += interval.errors;
    for (const key of GAUGE_KEYS) {
      const value = interval[key];
      if (value === undefined) continue;
      const sum = (sums[key] ??= [0, 0]);
      sum[0] += value;
      sum[1] += 1;
    }
  }
  const seconds = dt / 1000;
  const point: PipePoint = {
    t: intervals[intervals.length - 1]!.t,
    rowsPerSecond: seconds > 0 ? rows / seconds : 0,
    bytesPerSecond: seconds > 0 ? bytes / seconds : 0,
    errorsPerSecond: seconds > 0 ? errors / seconds : 0,
  };
  for (const key of GAUGE_KEYS) {
    const sum = sums[key];
    if (sum) point[key] = sum[0] / sum[1];
  }
  return point;
}

export class PipeMetricsHistory {
  private readonly tracks = new Map<string, PipeTrack>();
  private lastScrapeAt: number | null = null;

  constructor(private readonly retentionMs = HISTORY_MS) {}

  get sampledAt(): number | null {
    return this.lastScrapeAt;
  }

  add(at: number, samples: PipeSamples): void {
    if (this.lastScrapeAt !== null && at <= this.lastScrapeAt) return;
    this.lastScrapeAt = at;
    const horizon = at - this.retentionMs;
    for (const [id, sample] of samples) {
      const track = this.tracks.get(id);
      if (!track) {
        this.tracks.set(id, { last: sample, lastAt: at, watchedSince: at, lastEventAt: null, intervals: [] });
        continue;
      }
      const interval: Interval = {
        t: at,
        dt: at - track.lastAt,
        rows: increase(sample.sentEvents, track.last.sentEvents),
        bytes: increase(sample.sentBytes, track.last.sentBytes),
        errors: increase(sample.errors, track.last.errors),
        ...gaugesOf(sample),
      };
      if (interval.rows > 0 || increase(sample.fetchedEvents, track.last.fetchedEvents) > 0) track.lastEventAt = at;
      track.intervals.push(interval);
      let drop = 0;
      while (drop < track.intervals.length && track.intervals[drop]!.t < horizon) drop++;
      if (drop > 0) track.intervals.splice(0, drop);
      track.last = sample;
      track.lastAt = at;
    }
    // A pipe the upstream no longer reports (deleted) is forgotten.
    for (const id of this.tracks.keys()) if (!samples.has(id)) this.tracks.delete(id);
  }

  summary(id: string): PipeSummary | undefined {
    const track = this.tracks.get(id);
    if (!track) return undefined;
    const { last } = track;
    const latest = track.intervals[track.intervals.length - 1];
    const summary: PipeSummary = {
      id,
      totals: { rows: last.sentEvents, bytes: last.sentBytes, errors: last.errors, fetchedRows: last.fetchedEvents },
      lastEventAt: track.lastEventAt,
      watchedSince: track.watchedSince,
      sampledAt: track.lastAt,
      ...gaugesOf(last),
    };
    if (last.name !== undefined) summary.name = last.name;
    if (last.state !== undefined) summary.state = last.state;
    if (latest && latest.t === track.lastAt) {
      const { rowsPerSecond, bytesPerSecond, errorsPerSecond } = merge([latest]);
      summary.rates = { rowsPerSecond, bytesPerSecond, errorsPerSecond };
    }
    return summary;
  }

  summaries(): PipeSummary[] {
    return [...this.tracks.keys()].map((id) => this.summary(id)!);
  }

  /** Points from `from` to `to`, merged into at most `maxPoints` buckets of equal width. */
  series(id: string, from: number, to: number, maxPoints = 240): PipePoint[] {
    const intervals = this.tracks.get(id)?.intervals.filter((i) => i.t > from && i.t <= to) ?? [];
    if (intervals.length <= maxPoints) return intervals.map((i) => merge([i]));
    const width = (to - from) / maxPoints;
    const points: PipePoint[] = [];
    let bucket: Interval[] = [];
    let bucketEnd = from + width;
    for (const interval of intervals) {
      while (interval.t > bucketEnd) {
        if (bucket.length > 0) points.push(merge(bucket));
        bucket = [];
        bucketEnd += width;
      }
      bucket.push(interval);
    }
    if (bucket.length > 0) points.push(merge(bucket));
    return points;
  }
}
