/**
 * Dashboard bounds of the open-source surface (upstream facts), zod-free so display code (the
 * grid, the list page) can use them without pulling schema code into its bundle.
 */
export const DASHBOARD_LIMITS = {
  columns: 24,
  rowHeightPx: 32,
  marginPx: 10,
  tilesMax: 500,
  nameMaxLength: 1024,
  tagsMax: 50,
  tagMaxLength: 32,
  seriesMin: 1,
  seriesMax: 5,
  /** The grid has no upper bound on height; this keeps a typed value sane. */
  tileHeightMax: 200,
} as const;

/** Aggregations the tile editor offers. `quantile` with a `level` is also accepted when it comes from upstream. */
export const EDITOR_AGG_FNS = ['count', 'sum', 'avg', 'min', 'max', 'count_distinct', 'p50', 'p90', 'p95', 'p99'] as const;
export const AGG_FNS = [...EDITOR_AGG_FNS, 'quantile'] as const;
export type AggFn = (typeof AGG_FNS)[number];

export const AGG_FN_LABELS: Record<AggFn, string> = {
  count: 'Count',
  sum: 'Sum',
  avg: 'Average',
  min: 'Minimum',
  max: 'Maximum',
  count_distinct: 'Count distinct',
  p50: 'Median (p50)',
  p90: '90th percentile',
  p95: '95th percentile',
  p99: '99th percentile',
  quantile: 'Quantile',
};

/** Every aggregation but `count` aggregates a field's values. */
export function aggFnNeedsField(aggFn: string): boolean {
  return aggFn !== 'count';
}

/** Series kinds that query events (search lists and notes are the other two). */
export const SERIES_TYPES = ['time', 'number', 'table'] as const;
export type SeriesType = (typeof SERIES_TYPES)[number];
