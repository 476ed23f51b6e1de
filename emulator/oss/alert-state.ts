import type { Alert, OssStore, Tile } from '../state';
import { ChartData } from './charts/events';
import { ChartQueryError, runChartQuery, type ChartAggFn, type SeriesQuery } from './charts/engine';
import { WhereSyntaxError } from './charts/where';

/**
 * An alert's `state` as the service reports it, evaluated when the alert is read: the tile's first
 * series over the latest `numConsecutiveWindows` windows of `interval`, compared with the
 * threshold. `ALERT` when every window breaches, `PENDING` when the latest does but not all yet,
 * `OK` otherwise, `INSUFFICIENT_DATA` when the latest window has no events; `DISABLED` stays.
 * A query that fails is reported in `executionErrors`, as the service does.
 */

const INTERVAL_MS: Record<string, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '6h': 21_600_000,
  '12h': 43_200_000,
  '1d': 86_400_000,
};

const PERCENTILE = /^p(\d{2})$/;

function asSeriesQuery(fields: Record<string, unknown>): SeriesQuery & { sourceId: string } {
  const aggFn = String(fields.aggFn ?? 'count');
  const percentile = PERCENTILE.exec(aggFn);
  const field = (fields.field ?? fields.valueExpression) as string | undefined;
  return {
    sourceId: String(fields.sourceId ?? ''),
    aggFn: (percentile ? 'quantile' : aggFn) as ChartAggFn,
    where: String(fields.where ?? ''),
    groupBy: [],
    ...(field ? { field } : {}),
    ...(percentile
      ? { level: Number(percentile[1]) / 100 }
      : typeof fields.level === 'number'
        ? { level: fields.level }
        : {}),
  };
}

/** The series an alert on this tile watches: the first of the tile, in either tile form. */
export function watchedSeries(tile: Tile): (SeriesQuery & { sourceId: string }) | null {
  const first = tile.series?.[0];
  if (first) return first.type === 'time' || first.type === 'number' ? asSeriesQuery(first) : null;
  const config = tile.config;
  if (!config || !['line', 'stacked_bar', 'number'].includes(config.displayType) || config.configType === 'sql')
    return null;
  const select = (config.select as Record<string, unknown>[] | undefined)?.[0];
  return select ? asSeriesQuery({ ...select, sourceId: config.sourceId }) : null;
}

export function breaches(alert: Alert, value: number): boolean {
  const threshold = Number(alert.threshold);
  const max = Number(alert.thresholdMax);
  switch (alert.thresholdType) {
    case 'above':
      return value >= threshold;
    case 'above_exclusive':
      return value > threshold;
    case 'below':
      return value < threshold;
    case 'below_or_equal':
      return value <= threshold;
    case 'equal':
      return value === threshold;
    case 'not_equal':
      return value !== threshold;
    case 'between':
      return value >= threshold && value <= max;
    case 'not_between':
      return value < threshold || value > max;
    default:
      return false;
  }
}

type Evaluation = Pick<Alert, 'state'> & { executionErrors?: { timestamp: string; type: string; message: string }[] };

export function evaluateAlert(store: OssStore, charts: ChartData, alert: Alert, now: number): Evaluation {
  if (alert.state === 'DISABLED') return { state: 'DISABLED' };
  const tile =
    alert.source === 'tile'
      ? store.dashboards.get(alert.dashboardId ?? '')?.tiles.find((t) => t.id === alert.tileId)
      : undefined;
  const series = tile ? watchedSeries(tile) : null;
  const source = series ? store.sources.find((s) => s.id === series.sourceId) : undefined;
  if (!series || !source || (source.kind !== 'log' && source.kind !== 'trace' && source.kind !== 'metric'))
    return { state: 'INSUFFICIENT_DATA' };
  const windowMs = INTERVAL_MS[String(alert.interval)] ?? 300_000;
  const windows = Math.max(1, Number(alert.numConsecutiveWindows ?? 1));
  const end = Math.floor(now / windowMs) * windowMs;
  const start = end - windows * windowMs;
  try {
    const rows = runChartQuery({
      startTime: start,
      endTime: end,
      granularityMs: windowMs,
      groupBy: [],
      series: [{ query: series, table: charts.table(source.kind) }],
    });
    const values = new Map(rows.map((row) => [row.ts_bucket, Number(row['series_0.data'])]));
    const latest = values.get(end - windowMs);
    if (latest === undefined) return { state: 'INSUFFICIENT_DATA' };
    if (!breaches(alert, latest)) return { state: 'OK' };
    const all = Array.from({ length: windows }, (_, i) => values.get(start + i * windowMs)).every(
      (v) => v !== undefined && breaches(alert, v),
    );
    return { state: all ? 'ALERT' : 'PENDING' };
  } catch (error) {
    if (!(error instanceof WhereSyntaxError || error instanceof ChartQueryError)) throw error;
    return {
      state: 'OK',
      executionErrors: [{ timestamp: new Date(now).toISOString(), type: 'QUERY_ERROR', message: error.message }],
    };
  }
}
