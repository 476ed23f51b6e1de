/** Number, unit and time-axis formatting of the charts; pure, so the axis and the tooltip agree. */
import type { ChartTileSeries } from '@/lib/charts/tile-shape';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type ChartUnit = 'count' | 'ms' | 'ratio' | 'plain';

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
const plain = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 });

/** The unit of a tile's values: durations are milliseconds (the traces' Duration), ratios percentages. */
export function unitOf(series: readonly ChartTileSeries[], asRatio = false): ChartUnit {
  if (asRatio) return 'ratio';
  const first = series[0];
  if (!first) return 'plain';
  if (first.aggFn === 'count' || first.aggFn === 'count_distinct' || first.aggFn === undefined) return 'count';
  return first.field && /duration|latency|_ms$/i.test(first.field) ? 'ms' : 'plain';
}

/** A value for an axis tick or a legend: short (1.2k, 350 ms, 1.5 s, 12%). */
export function formatValue(value: number | null | undefined, unit: ChartUnit): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  switch (unit) {
    case 'ms':
      return formatDuration(value);
    case 'ratio':
      return percent.format(value);
    default:
      return Math.abs(value) >= 10_000 ? compact.format(value) : plain.format(value);
  }
}

/** A value shown large on a number tile: every digit of a count, a duration in its best unit. */
export function formatBigValue(value: number | null, unit: ChartUnit): string {
  if (value === null || !Number.isFinite(value)) return '—';
  if (unit === 'count' || unit === 'plain') return plain.format(value);
  return formatValue(value, unit);
}

export function formatDuration(ms: number): string {
  const abs = Math.abs(ms);
  if (abs < 1) return `${plain.format(ms * 1000)} µs`;
  if (abs < 1000) return `${plain.format(ms)} ms`;
  if (abs < MINUTE) return `${plain.format(ms / 1000)} s`;
  if (abs < HOUR) return `${plain.format(ms / MINUTE)} min`;
  return `${plain.format(ms / HOUR)} h`;
}

const timeOnly = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const dayAndTime = new Intl.DateTimeFormat('en', { weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const monthDay = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric' });
const full = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium', hourCycle: 'h23' });

/** Tick labels that read well for the span shown: 14:05 within a day, Mon 14:00 within a week, Jun 3 beyond. */
export function timeTickFormatter(spanMs: number): (t: number) => string {
  if (spanMs <= DAY) return (t) => timeOnly.format(t);
  if (spanMs <= 7 * DAY) return (t) => dayAndTime.format(t);
  return (t) => monthDay.format(t);
}

/** The tooltip's heading: the bucket's full date and time. */
export function formatTimestamp(t: number): string {
  return full.format(t);
}

/** "count", "p95(Duration)", "avg(Duration) where level:error" → short, for legends. */
export function seriesLabel(series: ChartTileSeries | undefined, index: number): string {
  if (!series) return `Series ${index + 1}`;
  const aggFn = series.aggFn ?? 'count';
  const fn = aggFn === 'quantile' && series.level !== undefined ? `p${Math.round(series.level * 100)}` : aggFn;
  return series.field ? `${fn}(${series.field})` : fn;
}

const TICK_STEPS = [MINUTE, 5 * MINUTE, 10 * MINUTE, 15 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 7 * DAY, 14 * DAY];

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
