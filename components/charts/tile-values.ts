import type { ChartSeriesRow } from '@/lib/charts/series-row';
import { coerceNumber, seriesKey, type FillMode } from './prepare';

/** Aggregates whose empty bucket means zero (nothing happened) rather than "no value". */
const ADDITIVE = new Set(['count', 'sum', 'count_distinct']);

export function fillModeFor(aggFn: string): FillMode {
  return ADDITIVE.has(aggFn) ? 'zero' : 'gap';
}

/**
 * `asRatio` tiles draw series_0 / series_1 per bucket and group as one series. A bucket where
 * the divisor is missing or zero has no ratio; one where only the dividend is missing reads 0
 * when the dividend counts things.
 */
export function ratioRows(rows: readonly ChartSeriesRow[], dividendFill: FillMode = 'zero'): ChartSeriesRow[] {
  const out: ChartSeriesRow[] = [];
  for (const row of rows) {
    const hasDividend = Object.hasOwn(row, seriesKey(0));
    const hasDivisor = Object.hasOwn(row, seriesKey(1));
    if (!hasDividend && !hasDivisor) continue;
    const dividend = hasDividend ? coerceNumber(row[seriesKey(0)]) : dividendFill === 'zero' ? 0 : null;
    const divisor = coerceNumber(row[seriesKey(1)]);
    const ratio = dividend === null || divisor === null || divisor === 0 ? null : dividend / divisor;
    out.push({ ts_bucket: row.ts_bucket, group: row.group ?? [], [seriesKey(0)]: ratio });
  }
  return out;
}

export interface NumberValue {
  value: number | null;
  /** True when non-additive values of several buckets had to be combined (an average of them). */
  approximate: boolean;
}

/**
 * The single value of a number tile from its rows: additive aggregates add up, `min`/`max` take
 * the extreme, others (avg, quantiles) are exact for one bucket and averaged across several.
 */
export function combineNumber(rows: readonly ChartSeriesRow[], seriesIndex: number, aggFn: string): NumberValue {
  const values: number[] = [];
  for (const row of rows) {
    const value = coerceNumber(row[seriesKey(seriesIndex)]);
    if (value !== null) values.push(value);
  }
  if (values.length === 0) return { value: null, approximate: false };
  if (ADDITIVE.has(aggFn))
    return { value: values.reduce((a, b) => a + b, 0), approximate: aggFn === 'count_distinct' && values.length > 1 };
  if (aggFn === 'min') return { value: Math.min(...values), approximate: false };
  if (aggFn === 'max') return { value: Math.max(...values), approximate: false };
  return { value: values.reduce((a, b) => a + b, 0) / values.length, approximate: values.length > 1 };
}

/** Indices of the series that returned no value at all: the tile is partially drawn. */
export function seriesWithoutData(rows: readonly ChartSeriesRow[], seriesCount: number): number[] {
  const seen = new Array<boolean>(seriesCount).fill(false);
  for (const row of rows) {
    for (let s = 0; s < seriesCount; s++) if (!seen[s] && Object.hasOwn(row, seriesKey(s))) seen[s] = true;
  }
  return seen.flatMap((present, s) => (present ? [] : [s]));
}
