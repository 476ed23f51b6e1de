import { alignBucket } from '@/lib/charts/granularity';
import type { ChartSeriesRow } from '@/lib/charts/series-row';
import { minMaxReduce } from './min-max';

export type FillMode = 'zero' | 'gap';

export interface PrepareOptions {
  seriesCount: number;
  startMs: number;
  endMs: number;
  granularityMs: number;
  widthPx: number;
  maxLines?: number;
  /** `zero` for count-like series, where a bucket the upstream left out means nothing happened. */
  fill: FillMode;
}

export interface ChartPoint {
  t: number;
  v: number | null;
}

export interface ChartLine {
  key: string;
  seriesIndex: number;
  group: string[];
  points: ChartPoint[];
}

export interface PreparedSeries {
  lines: ChartLine[];
  hiddenLineCount: number;
  bucketCount: number;
}

export const DEFAULT_MAX_LINES = 20;
/** Guards the bucket grid against a range/granularity pair that would exhaust memory. */
export const MAX_BUCKETS = 1_000_000;
const GROUP_SEPARATOR = ' · ';

/** Numbers pass, numeric strings ("42") become numbers, anything else is `null`, never NaN. */
export function coerceNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

export function seriesKey(seriesIndex: number): `series_${number}.data` {
  return `series_${seriesIndex}.data`;
}

export function lineKey(seriesIndex: number, group: readonly string[]): string {
  return [`series_${seriesIndex}`, ...group].join(GROUP_SEPARATOR);
}

function groupLabels(group: ChartSeriesRow['group']): string[] {
  return Array.isArray(group) ? group.map((g) => (g === null || g === undefined ? '' : String(g))) : [];
}

interface LineDraft {
  key: string;
  seriesIndex: number;
  group: string[];
  values: (number | null)[];
  present: boolean[];
  total: number;
}

function compareDrafts(a: LineDraft, b: LineDraft): number {
  if (a.seriesIndex !== b.seriesIndex) return a.seriesIndex - b.seriesIndex;
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

function requirePositiveInteger(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer`);
}

/**
 * Turns raw chart rows into drawable lines: coerces values, sorts and gap-fills buckets over the
 * aligned range, splits by (series, group), keeps the `maxLines` lines with the largest totals and
 * min-max reduces each line to ≤ 2 points per pixel. Rows whose bucket lies outside the range widen
 * the grid rather than being dropped; a repeated (bucket, group) keeps its last non-null value.
 */
export function prepareSeries(rows: readonly ChartSeriesRow[], options: PrepareOptions): PreparedSeries {
  const { seriesCount, startMs, endMs, granularityMs, fill } = options;
  const maxLines = options.maxLines ?? DEFAULT_MAX_LINES;
  requirePositiveInteger('seriesCount', seriesCount);
  requirePositiveInteger('maxLines', maxLines);
  if (!(granularityMs > 0) || !Number.isFinite(granularityMs)) throw new RangeError('granularityMs must be positive');
  if (!Number.isFinite(startMs) || !Number.isFinite(endMs)) throw new RangeError('startMs and endMs must be finite');
  const widthPx = Number.isFinite(options.widthPx) ? Math.max(1, Math.floor(options.widthPx)) : 1;

  const buckets: { t: number; row: ChartSeriesRow }[] = [];
  let first = alignBucket(startMs, granularityMs);
  let last = endMs > startMs ? alignBucket(endMs - 1, granularityMs) : first;
  for (const row of rows) {
    const ts = coerceNumber(row.ts_bucket);
    if (ts === null) continue;
    const t = alignBucket(ts, granularityMs);
    if (t < first) first = t;
    if (t > last) last = t;
    buckets.push({ t, row });
  }
  buckets.sort((a, b) => a.t - b.t);

  const bucketCount = Math.round((last - first) / granularityMs) + 1;
  if (bucketCount > MAX_BUCKETS) throw new RangeError(`${bucketCount} buckets exceed the limit of ${MAX_BUCKETS}`);

  const drafts = new Map<string, LineDraft>();
  for (const { t, row } of buckets) {
    const index = Math.round((t - first) / granularityMs);
    let group: string[] | undefined;
    for (let s = 0; s < seriesCount; s++) {
      const name = seriesKey(s);
      if (!Object.hasOwn(row, name)) continue;
      group ??= groupLabels(row.group);
      const key = lineKey(s, group);
      let draft = drafts.get(key);
      if (!draft) {
        draft = {
          key,
          seriesIndex: s,
          group,
          values: new Array<number | null>(bucketCount).fill(fill === 'zero' ? 0 : null),
          present: new Array<boolean>(bucketCount).fill(false),
          total: 0,
        };
        drafts.set(key, draft);
      }
      const value = coerceNumber(row[name]);
      if (value === null && draft.present[index]) continue;
      const previous = draft.present[index] ? (draft.values[index] ?? 0) : 0;
      draft.values[index] = value;
      draft.present[index] = true;
      draft.total += (value ?? 0) - previous;
    }
  }

  const all = [...drafts.values()];
  const kept = new Set([...all].sort((a, b) => b.total - a.total || compareDrafts(a, b)).slice(0, maxLines));

  const lines = all
    .filter((d) => kept.has(d))
    .sort(compareDrafts)
    .map((d): ChartLine => ({
      key: d.key,
      seriesIndex: d.seriesIndex,
      group: d.group,
      points: reduceLine(d.values, first, granularityMs, widthPx),
    }));

  return { lines, hiddenLineCount: all.length - lines.length, bucketCount };
}

function reduceLine(values: (number | null)[], first: number, step: number, widthPx: number): ChartPoint[] {
  const n = values.length;
  if (n <= 2 * widthPx) return values.map((v, i) => ({ t: first + i * step, v }));
  const t = new Float64Array(n);
  for (let i = 0; i < n; i++) t[i] = first + i * step;
  const kept = minMaxReduce({ t, v: values }, widthPx);
  return Array.from(kept, (i) => ({ t: t[i] as number, v: values[i] ?? null }));
}

/**
 * The value of a number tile: the sum of the series over every bucket and group (for a single row,
 * its value); `null` when the series has no numeric value at all.
 */
export function prepareNumber(rows: readonly ChartSeriesRow[], seriesIndex: number): number | null {
  const name = seriesKey(seriesIndex);
  let sum: number | null = null;
  for (const row of rows) {
    const value = coerceNumber(row[name]);
    if (value !== null) sum = (sum ?? 0) + value;
  }
  return sum;
}
