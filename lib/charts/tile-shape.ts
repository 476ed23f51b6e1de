import type { GranularityOption } from './granularity';

/**
 * What the charts read of a dashboard tile: the upstream's Tile shape (spec), structurally, so
 * the dashboard schema's `Tile` type fits without this module depending on it. Seeded and older
 * tiles name their source `sourceId`, the spec `dataSource`; both are read.
 */
export interface ChartTileSeries {
  type: string;
  dataSource?: string;
  sourceId?: string;
  aggFn?: string;
  field?: string;
  level?: number;
  where?: string;
  whereLanguage?: 'lucene' | 'sql';
  groupBy?: readonly string[];
}

export interface ChartTile {
  id?: string;
  name: string;
  asRatio?: boolean;
  series: readonly ChartTileSeries[];
}

/** A resolved dashboard time range: epoch milliseconds and the chosen bucket size. */
export interface ChartRange {
  startMs: number;
  endMs: number;
  granularity: GranularityOption;
  /**
   * Set for a range ending now (e.g. the last hour): its length, so that each refetch re-resolves
   * the window at the time it runs.
   */
  relativeMs?: number;
  /** Live refresh period; only with `relativeMs`. */
  refreshMs?: number;
}

/** A range ending now that refreshes itself: its reads are keyed by its length and re-resolved at each fetch. */
export const isLiveRange = (range: ChartRange): range is ChartRange & { relativeMs: number; refreshMs: number } =>
  range.relativeMs !== undefined && range.refreshMs !== undefined && range.refreshMs > 0;
