import { granularityMs, resolveGranularity, type Granularity } from '@/lib/charts/granularity';
import type { ChartRange, ChartTile, ChartTileSeries } from '@/lib/charts/tile-shape';
import { DEFAULT_WHERE_LANGUAGE } from '@/lib/schemas/observability/layout-bounds';
import { CHART_AGG_FNS, CHART_QUERY_LIMITS, type ChartAggFn, type ChartQuery, type ChartSeriesQuery } from '@/lib/schemas/observability/chart-query';

/** Tile types that draw from `POST /charts/series`. */
export type ChartKind = 'time' | 'number';

export type BuiltChartQuery =
  | { ok: true; kind: ChartKind; query: ChartQuery; granularity: Granularity; aggFns: ChartAggFn[] }
  | { ok: false; reason: string };

/** More buckets than this make a slow query and a line no screen can show. */
export const MAX_CHART_BUCKETS = 10_000;

/** A `p95` stored by an older console is read as quantile 0.95, the only percentile form upstream knows. */
const PERCENTILE = /^p(\d{2})$/;

function seriesQuery(series: ChartTileSeries, index: number, groupBy: string[]): ChartSeriesQuery | string {
  const sourceId = series.dataSource ?? series.sourceId;
  if (!sourceId) return `Series ${index + 1} has no data source`;
  const aggFn = series.aggFn ?? 'count';
  const percentile = PERCENTILE.exec(aggFn);
  if (!percentile && !(CHART_AGG_FNS as readonly string[]).includes(aggFn)) {
    return `Series ${index + 1} aggregates with “${aggFn}”, which the chart API does not offer`;
  }
  const query: ChartSeriesQuery = {
    sourceId,
    aggFn: percentile ? 'quantile' : (aggFn as ChartAggFn),
    where: series.where ?? '',
    whereLanguage: series.whereLanguage ?? DEFAULT_WHERE_LANGUAGE,
    groupBy,
  };
  if (series.field) query.field = series.field;
  if (percentile) query.level = Number(percentile[1]) / 100;
  else if (series.level !== undefined) query.level = series.level;
  return query;
}

/**
 * The chart query of a tile over a range. `auto` granularity is resolved here so that the
 * browser buckets exactly as the upstream does. A number tile asks for one bucket as large as
 * the API allows (30 days), so that its value covers the whole range.
 */
export function buildChartQuery(tile: ChartTile, range: ChartRange): BuiltChartQuery {
  const first = tile.series[0];
  if (!first) return { ok: false, reason: 'This tile has no series' };
  const kind = first.type;
  if (kind !== 'time' && kind !== 'number') return { ok: false, reason: `${capitalize(kind)} tiles are not drawn as charts` };
  if (tile.series.some((s) => s.type !== kind)) return { ok: false, reason: 'Every series of a tile must have the same type' };
  if (tile.series.length > CHART_QUERY_LIMITS.seriesMax) return { ok: false, reason: `A chart draws at most ${CHART_QUERY_LIMITS.seriesMax} series` };
  if (!(range.startMs < range.endMs)) return { ok: false, reason: 'The time range ends before it starts' };

  const groupBy = kind === 'time' ? [...(first.groupBy ?? [])] : [];
  const series: ChartSeriesQuery[] = [];
  for (const [index, item] of tile.series.entries()) {
    const built = seriesQuery(item, index, groupBy);
    if (typeof built === 'string') return { ok: false, reason: built };
    series.push(built);
  }
  const granularity: Granularity = kind === 'number' ? '30d' : resolveGranularity(range.granularity, range.startMs, range.endMs);
  const buckets = Math.ceil((range.endMs - range.startMs) / granularityMs(granularity));
  if (buckets > MAX_CHART_BUCKETS) {
    return { ok: false, reason: `${granularity} buckets split this range into ${buckets.toLocaleString('en')} points; choose a coarser granularity` };
  }
  return {
    ok: true,
    kind,
    granularity,
    aggFns: series.map((s) => s.aggFn),
    query: { startTime: Math.floor(range.startMs), endTime: Math.floor(range.endMs), granularity, series },
  };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
