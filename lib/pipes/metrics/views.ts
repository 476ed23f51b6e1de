/** What the BFF's pipe-metrics routes answer; shared by the route handlers and the browser. */
import type { PipePoint, PipeSummary } from './history';

export const METRICS_RANGES = ['15m', '1h', '6h', '24h', '3d', '7d', '14d', '30d', '90d'] as const;
export type MetricsRange = (typeof METRICS_RANGES)[number];
export const DEFAULT_METRICS_RANGE: MetricsRange = '1h';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const METRICS_RANGE_MS: Record<MetricsRange, number> = {
  '15m': HOUR / 4,
  '1h': HOUR,
  '6h': 6 * HOUR,
  '24h': DAY,
  '3d': 3 * DAY,
  '7d': 7 * DAY,
  '14d': 14 * DAY,
  '30d': 30 * DAY,
  '90d': 90 * DAY,
};
export const METRICS_RANGE_LABELS: Record<MetricsRange, string> = {
  '15m': 'Last 15 minutes',
  '1h': 'Last hour',
  '6h': 'Last 6 hours',
  '24h': 'Last 24 hours',
  '3d': 'Last 3 days',
  '7d': 'Last 7 days',
  '14d': 'Last 14 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
};

/** The ranges the history reaches: those within the retention (the last day always). */
export const metricsRangesWithin = (retentionDays: number): MetricsRange[] =>
  METRICS_RANGES.filter((range) => METRICS_RANGE_MS[range] <= Math.max(1, retentionDays) * DAY);

export const parseMetricsRange = (value: string | null | undefined): MetricsRange =>
  (METRICS_RANGES as readonly string[]).includes(value ?? '') ? (value as MetricsRange) : DEFAULT_METRICS_RANGE;

interface MetricsMeta {
  /** Newest successful scrape; null before the first. */
  sampledAt: number | null;
  intervalMs: number;
  /** The newest scrape failed: what the upstream or its answer got wrong. */
  failure?: { message: string; at: number };
}

/** `GET /api/pipe-metrics/{organizationId}/{serviceId}`: every pipe of the service, as of the newest scrape. */
export interface ServicePipeMetrics extends MetricsMeta {
  pipes: Record<string, PipeSummary>;
}

/** `GET /api/pipe-metrics/{organizationId}/{serviceId}/{pipeId}?range=`: one pipe with its chart points. */
export interface PipeMetricsDetail extends MetricsMeta {
  range: MetricsRange;
  /** How far back the console keeps history (`METRICS_RETENTION_DAYS`); `from` never reaches past it. */
  retentionDays: number;
  /** The stored history could not be read: the series is this console's own memory of the last day. */
  historyFailure?: string;
  from: number;
  to: number;
  summary: PipeSummary | null;
  series: PipePoint[];
}
