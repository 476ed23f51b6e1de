/** What the BFF's pipe-metrics routes answer; shared by the route handlers and the browser. */
import type { PipePoint, PipeSummary } from './history';

export const METRICS_RANGES = ['15m', '1h', '6h', '24h'] as const;
export type MetricsRange = (typeof METRICS_RANGES)[number];
export const DEFAULT_METRICS_RANGE: MetricsRange = '1h';
export const METRICS_RANGE_MS: Record<MetricsRange, number> = { '15m': 900_000, '1h': 3_600_000, '6h': 21_600_000, '24h': 86_400_000 };
export const METRICS_RANGE_LABELS: Record<MetricsRange, string> = { '15m': 'Last 15 minutes', '1h': 'Last hour', '6h': 'Last 6 hours', '24h': 'Last 24 hours' };

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
  from: number;
  to: number;
  summary: PipeSummary | null;
  series: PipePoint[];
}
