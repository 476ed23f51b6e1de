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

/**
 * Aggregations of a stored series: the published contract's enum. A percentile is `quantile` with
 * a `level`; `p95` and its kind are refused upstream.
 */
export const AGG_FNS = [
  'count',
  'sum',
  'avg',
  'min',
  'max',
  'count_distinct',
  'quantile',
  'last_value',
  'any',
  'none',
] as const;
export type AggFn = (typeof AGG_FNS)[number];

/** The percentiles the tile editor offers by name; each is stored as `quantile` with this `level`. */
export const PERCENTILE_LEVELS = { p50: 0.5, p90: 0.9, p95: 0.95, p99: 0.99 } as const;
export type PercentileChoice = keyof typeof PERCENTILE_LEVELS;

/** What the tile editor's aggregation list offers; other aggregations from upstream are kept as they are. */
export const EDITOR_AGG_FNS = [
  'count',
  'sum',
  'avg',
  'min',
  'max',
  'count_distinct',
  'p50',
  'p90',
  'p95',
  'p99',
] as const;
export type EditorAggFn = (typeof EDITOR_AGG_FNS)[number];

/** Query languages of a series' `where`; the console writes Lucene-like search syntax. */
export const WHERE_LANGUAGES = ['lucene', 'sql'] as const;
export type WhereLanguage = (typeof WHERE_LANGUAGES)[number];
export const DEFAULT_WHERE_LANGUAGE: WhereLanguage = 'lucene';

export const AGG_FN_LABELS: Record<AggFn | EditorAggFn, string> = {
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
  last_value: 'Last value',
  any: 'Any value',
  none: 'Raw value',
};

/** Every aggregation but `count` aggregates a field's values. */
export function aggFnNeedsField(aggFn: string): boolean {
  return aggFn !== 'count';
}

/** Series kinds that query events (search lists and notes are the other two). */
export const SERIES_TYPES = ['time', 'number', 'table'] as const;
export type SeriesType = (typeof SERIES_TYPES)[number];
