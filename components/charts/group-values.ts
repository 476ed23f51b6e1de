import type { ChartSeriesRow } from '@/lib/charts/series-row';
import { seriesKey } from './prepare';
import { combineNumber } from './tile-values';

/** One group of a table, pie or bar tile: its values per series over the whole range. */
export interface GroupRow {
  key: string;
  group: string[];
  values: (number | null)[];
}

const label = (value: unknown) => (value === null || value === undefined || value === '' ? '(empty)' : String(value));

/**
 * The rows of a grouped, whole-range query (one bucket, or two where the range spans a bucket
 * edge) as one row per group: each series' buckets combined as its aggregate allows.
 * `ratio` divides series 1 by series 2 into one value.
 */
export function groupValues(
  rows: readonly ChartSeriesRow[],
  seriesCount: number,
  aggFns: readonly string[],
  ratio = false,
): GroupRow[] {
  const byGroup = new Map<string, { group: string[]; rows: ChartSeriesRow[] }>();
  for (const row of rows) {
    const group = (Array.isArray(row.group) ? row.group : []).map(label);
    const key = JSON.stringify(group);
    let entry = byGroup.get(key);
    if (!entry) byGroup.set(key, (entry = { group, rows: [] }));
    entry.rows.push(row);
  }
  return [...byGroup.entries()].map(([key, { group, rows: groupRows }]) => {
    const values = Array.from(
      { length: seriesCount },
      (_, s) => combineNumber(groupRows, s, aggFns[s] ?? 'count').value,
    );
    if (!ratio) return { key, group, values };
    const [dividend, divisor] = values;
    return {
      key,
      group,
      values: [dividend === null || dividend === undefined || !divisor ? null : dividend / divisor],
    };
  });
}

/** Largest first, empty values last; with a limit, the rest summed as one "Other" entry (pie and bar tiles). */
export function topGroups(groups: readonly GroupRow[], limit: number | undefined, otherLabel = 'Other'): GroupRow[] {
  const sorted = [...groups].sort((a, b) => (b.values[0] ?? -Infinity) - (a.values[0] ?? -Infinity));
  if (!limit || sorted.length <= limit) return sorted;
  const kept = sorted.slice(0, limit);
  const rest = sorted.slice(limit).reduce((sum, g) => sum + (g.values[0] ?? 0), 0);
  return [...kept, { key: '__other__', group: [otherLabel], values: [rest] }];
}

export { seriesKey };
