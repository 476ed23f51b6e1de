import { EMPTY_SCOPE, scopedWhere, type DashboardScope } from '@/lib/charts/dashboard-scope';
import { granularityMs, resolveGranularity, type Granularity } from '@/lib/charts/granularity';
import type { ChartRange } from '@/lib/charts/tile-shape';
import type { ChartDisplay, QueryItem, TileView } from '@/lib/charts/tile-view';
import { CHART_AGG_FNS, CHART_QUERY_LIMITS, type ChartAggFn } from '@/lib/schemas/observability/chart-query-bounds';
import type { ChartQuery, ChartSeriesQuery } from '@/lib/schemas/observability/chart-query';
import { formatNumber } from '@/lib/format/number';

export type ChartView = Extract<TileView, { kind: 'chart' }>;

export type BuiltChartQuery =
  | {
      ok: true;
      display: ChartDisplay;
      query: ChartQuery;
      granularity: Granularity;
      aggFns: ChartAggFn[];
      /** What the dashboard's scope could not apply to (shown under the chart). */
      notes: string[];
    }
  | { ok: false; reason: string };

/** More buckets than this make a slow query and a line no screen can show. */
export const MAX_CHART_BUCKETS = 10_000;

/** `p95` (stored by an older console) → quantile 0.95: the chart API's one form of a percentile. */
const PERCENTILE = /^p(\d{2})$/;

/** Displays drawn from one bucket over the whole range: a value, or a value per group. */
const WHOLE_RANGE: readonly ChartDisplay[] = ['number', 'table', 'pie', 'bar'];

function seriesQuery(
  item: QueryItem,
  index: number,
  groupBy: string[],
  scope: DashboardScope,
  notes: Set<string>,
): ChartSeriesQuery | string {
  if (!item.sourceId) return `Series ${index + 1} has no data source`;
  const percentile = PERCENTILE.exec(item.aggFn);
  if (!percentile && !(CHART_AGG_FNS as readonly string[]).includes(item.aggFn)) {
    return `Series ${index + 1} aggregates with “${item.aggFn}”, which the chart API does not offer`;
  }
  const language = item.whereLanguage === 'sql' ? 'sql' : 'lucene';
  const scoped = scopedWhere(item.where, language, item.sourceId, scope);
  if (scoped.skipped) notes.add(scoped.skipped);
  const query: ChartSeriesQuery = {
    sourceId: item.sourceId,
    aggFn: percentile ? 'quantile' : (item.aggFn as ChartAggFn),
    where: scoped.where,
    whereLanguage: language,
    groupBy,
  };
  if (item.field) query.field = item.field;
  if (percentile) query.level = Number(percentile[1]) / 100;
  else if (item.level !== undefined) query.level = item.level;
  return query;
}

/**
 * The chart query of a chart tile over a range, with the dashboard's filter and variables applied.
 * `auto` granularity is resolved here so that the browser buckets exactly as the upstream does.
 * Number, table, pie and bar tiles ask for one bucket as large as the API allows (30 days), so
 * their values cover the whole range.
 */
export function buildChartQuery(
  view: ChartView,
  range: ChartRange,
  scope: DashboardScope = EMPTY_SCOPE,
): BuiltChartQuery {
  if (view.items.length === 0) return { ok: false, reason: 'This tile has no series' };
  if (view.items.length > CHART_QUERY_LIMITS.seriesMax)
    return { ok: false, reason: `A chart draws at most ${CHART_QUERY_LIMITS.seriesMax} series` };
  if (view.groupBy.length > CHART_QUERY_LIMITS.groupByMax)
    return { ok: false, reason: `A chart groups by at most ${CHART_QUERY_LIMITS.groupByMax} fields` };
  if (!(range.startMs < range.endMs)) return { ok: false, reason: 'The time range ends before it starts' };

  const wholeRange = WHOLE_RANGE.includes(view.display);
  const groupBy = view.display === 'number' ? [] : [...view.groupBy];
  const notes = new Set<string>();
  const series: ChartSeriesQuery[] = [];
  for (const [index, item] of view.items.entries()) {
    const built = seriesQuery(item, index, groupBy, scope, notes);
    if (typeof built === 'string') return { ok: false, reason: built };
    series.push(built);
  }
  const granularity: Granularity = wholeRange
    ? '30d'
    : resolveGranularity(range.granularity, range.startMs, range.endMs);
  const buckets = Math.ceil((range.endMs - range.startMs) / granularityMs(granularity));
  if (buckets > MAX_CHART_BUCKETS) {
    return {
      ok: false,
      reason: `${granularity} buckets split this range into ${formatNumber(buckets)} points; choose a coarser granularity`,
    };
  }
  return {
    ok: true,
    display: view.display,
    granularity,
    aggFns: series.map((s) => s.aggFn),
    notes: [...notes],
    query: { startTime: Math.floor(range.startMs), endTime: Math.floor(range.endMs), granularity, series },
  };
}
