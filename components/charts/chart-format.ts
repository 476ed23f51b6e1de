/** Series labels, units and time-axis formatting of the charts; pure, so the axis and the tooltip agree. */
import { valueFormatter, type InferredUnit, type ValueFormatter } from '@/lib/charts/number-format';
import { itemFormat, type QueryItem } from '@/lib/charts/tile-view';
import {
  formatHourMinute24,
  formatMediumDateTime24,
  formatMonthDay,
  formatWeekdayHourMinute24,
} from '@/lib/format/date-time';
import type { ChartView } from '@/lib/charts/build-chart-query';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The unit guessed for a series that sets no number format: counts, durations of `*duration*`/`*_ms` fields, ratios. */
export function inferredUnit(item: Pick<QueryItem, 'aggFn' | 'field'> | undefined, asRatio = false): InferredUnit {
  if (asRatio) return 'ratio';
  if (!item) return 'plain';
  if (item.aggFn === 'count' || item.aggFn === 'count_distinct') return 'count';
  return item.field && /duration|latency|_ms$/i.test(item.field) ? 'ms' : 'plain';
}

/** The formatter of item `index` of a chart tile: its number format, else the tile's, else a guess. */
export function itemFormatter(view: ChartView, index: number, asRatio = false): ValueFormatter {
  return valueFormatter(
    asRatio ? view.numberFormat : itemFormat(view, index),
    inferredUnit(view.items[index], asRatio),
  );
}

/** Tick labels that read well for the span shown: 14:05 within a day, Mon 14:00 within a week, Jun 3 beyond. */
export function timeTickFormatter(spanMs: number): (t: number) => string {
  if (spanMs <= DAY) return (t) => formatHourMinute24(t);
  if (spanMs <= 7 * DAY) return (t) => formatWeekdayHourMinute24(t);
  return (t) => formatMonthDay(t);
}

/** The tooltip's heading: the bucket's full date and time. */
export function formatTimestamp(t: number): string {
  return formatMediumDateTime24(t);
}

/** The alias, else "count", "p95(Duration)" → short, for legends and column headings. */
export function seriesLabel(item: QueryItem | undefined, index: number): string {
  if (!item) return `Series ${index + 1}`;
  if (item.alias) return item.alias;
  const fn = item.aggFn === 'quantile' && item.level !== undefined ? `p${Math.round(item.level * 100)}` : item.aggFn;
  return item.field ? `${fn}(${item.field})` : fn;
}

const TICK_STEPS = [
  MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  7 * DAY,
  14 * DAY,
];

/**
 * Round local times for the time axis (every 5 min, every hour, every day…), at most `maxTicks`:
 * recharts' own time scale costs more to compute than the chart's lines.
 */
export function timeTicks(startMs: number, endMs: number, maxTicks: number): number[] {
  const span = endMs - startMs;
  if (!(span > 0) || maxTicks < 1) return [];
  const step = TICK_STEPS.find((s) => span / s <= maxTicks) ?? Math.ceil(span / maxTicks / DAY) * DAY;
  // Align to local time so that "every day" ticks sit at local midnight.
  const offset = new Date(startMs).getTimezoneOffset() * MINUTE;
  const ticks: number[] = [];
  for (let t = Math.ceil((startMs - offset) / step) * step + offset; t <= endMs; t += step) ticks.push(t);
  return ticks;
}
