import { scopedWhere, type DashboardScope, type ScopedWhere } from './dashboard-scope';
import { autoGranularity, type Granularity } from './granularity';
import type { ChartRange } from './tile-shape';
import type { TileView } from './tile-view';
import type { ChartQuery } from '@/lib/schemas/observability/chart-query';

export type HeatmapView = Extract<TileView, { kind: 'heatmap' }>;

/** Columns of a heatmap: fewer than a line chart's buckets, so cells stay readable. */
export const HEATMAP_COLUMNS = 40;

export interface HeatmapQuery {
  /** Null when the tile has no source or no value to bin. */
  query: ChartQuery | null;
  granularity: Granularity;
  scoped: ScopedWhere;
}

/**
 * A heatmap tile's chart query: events counted per time bucket and value (`groupBy:
 * [valueExpression]`); the browser bins the values on the tile's scale.
 */
export function heatmapQuery(view: HeatmapView, range: ChartRange, scope: DashboardScope): HeatmapQuery {
  const granularity =
    range.granularity === 'auto' ? autoGranularity(range.startMs, range.endMs, HEATMAP_COLUMNS) : range.granularity;
  const scoped = scopedWhere(view.where, view.whereLanguage, view.sourceId, scope);
  if (!view.sourceId || !view.valueExpression) return { query: null, granularity, scoped };
  return {
    query: {
      startTime: Math.floor(range.startMs),
      endTime: Math.floor(range.endMs),
      granularity,
      series: [
        {
          sourceId: view.sourceId,
          aggFn: 'count',
          where: scoped.where,
          whereLanguage: view.whereLanguage === 'sql' ? 'sql' : 'lucene',
          groupBy: [view.valueExpression],
        },
      ],
    },
    granularity,
    scoped,
  };
}
