import type { ChartSeriesRow } from '@/lib/charts/series-row';
import { coerceNumber, seriesKey } from './prepare';

/**
 * A heatmap from a count grouped by the value (`groupBy: [valueExpression]`): every time bucket
 * a column, the values split into `binCount` rows on a log or linear scale, each cell the number
 * of events whose value falls in it.
 */
export interface HeatmapBins {
  buckets: number[];
  /** Lower edge of each value row, bottom first. */
  edges: number[];
  /** counts[column][row]. */
  counts: number[][];
  maxCount: number;
  /** Values that could not be read as numbers (ignored). */
  skipped: number;
}

export function heatmapBins(
  rows: readonly ChartSeriesRow[],
  opts: { startMs: number; endMs: number; granularityMs: number; scale: 'log' | 'linear'; binCount?: number },
): HeatmapBins {
  const binCount = opts.binCount ?? 12;
  const points: { t: number; value: number; count: number }[] = [];
  let skipped = 0;
  for (const row of rows) {
    const value = coerceNumber(Array.isArray(row.group) ? row.group[0] : undefined);
    const count = coerceNumber(row[seriesKey(0)]) ?? 0;
    if (value === null || (opts.scale === 'log' && value <= 0)) {
      skipped += count;
      continue;
    }
    points.push({ t: Number(row.ts_bucket), value, count });
  }
  const first = Math.floor(opts.startMs / opts.granularityMs) * opts.granularityMs;
  const buckets: number[] = [];
  for (let t = first; t < opts.endMs; t += opts.granularityMs) buckets.push(t);
  const counts = buckets.map(() => new Array<number>(binCount).fill(0));
  if (points.length === 0) return { buckets, edges: [], counts, maxCount: 0, skipped };
  const lo = Math.min(...points.map((p) => p.value));
  let hi = Math.max(...points.map((p) => p.value));
  if (hi === lo) hi = lo + (lo === 0 ? 1 : Math.abs(lo));
  const log = opts.scale === 'log';
  const [a, b] = log ? [Math.log(lo), Math.log(hi)] : [lo, hi];
  const width = (b - a) / binCount;
  const edges = Array.from({ length: binCount }, (_, i) => (log ? Math.exp(a + i * width) : a + i * width));
  let maxCount = 0;
  for (const p of points) {
    const column = Math.floor((p.t - first) / opts.granularityMs);
    if (column < 0 || column >= buckets.length) continue;
    const x = log ? Math.log(p.value) : p.value;
    const bin = Math.min(binCount - 1, Math.max(0, Math.floor((x - a) / width)));
    const next = (counts[column]![bin]! += p.count);
    if (next > maxCount) maxCount = next;
  }
  return { buckets, edges, counts, maxCount, skipped };
}
