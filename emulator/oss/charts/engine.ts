import { createRng } from '../../prng';
import { lowerBound, resolveColumn, type Column, type EventTable } from './events';
import { parseWhere, type WhereNode } from './where';

export const GRANULARITIES = [
  '30s',
  '1m',
  '5m',
  '10m',
  '15m',
  '30m',
  '1h',
  '2h',
  '6h',
  '12h',
  '1d',
  '2d',
  '7d',
  '30d',
] as const;
export type Granularity = (typeof GRANULARITIES)[number];
export const CHART_AGG_FNS = ['count', 'sum', 'avg', 'min', 'max', 'count_distinct', 'quantile'] as const;
export type ChartAggFn = (typeof CHART_AGG_FNS)[number];

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

export function granularityMs(granularity: Granularity): number {
  const unit = granularity.slice(-1) as keyof typeof UNIT_MS;
  return Number(granularity.slice(0, -1)) * UNIT_MS[unit];
}

/** The smallest granularity giving at most 60 buckets over the range (the upstream's "auto"). */
export function autoGranularity(startTime: number, endTime: number, maxBuckets = 60): Granularity {
  const wanted = Math.ceil(Math.floor((endTime - startTime) / 1000) / maxBuckets) * 1000;
  return GRANULARITIES.find((g) => granularityMs(g) >= wanted) ?? '30d';
}

/** A failure the upstream reports as `500 {"error": ...}` (its database rejected the query). */
export class ChartQueryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChartQueryError';
  }
}

export interface SeriesQuery {
  aggFn: ChartAggFn;
  where: string;
  groupBy: string[];
  field?: string;
  level?: number;
  /** A metric source's series names its metric; `field` then defaults to the `Value` column. */
  metricName?: string;
}

export interface ChartQuery {
  startTime: number;
  endTime: number;
  granularityMs: number;
  groupBy: string[];
  /** One table per series (null: a source with no event data, e.g. metrics). */
  series: { query: SeriesQuery; table: EventTable | null }[];
}

export type ChartRow = Record<string, unknown> & { ts_bucket: number; group: string[] };

type Predicate = (i: number) => boolean;

/**
 * A name the table has no column for fails as the upstream's database fails it (the service
 * turns `field:value` into SQL on that name and answers the database's message, 500).
 */
export function unknownIdentifier(table: EventTable, name: string): ChartQueryError {
  return new ChartQueryError(
    `Unknown expression identifier \`${name}\` in scope SELECT count() FROM ${table.name}. (UNKNOWN_IDENTIFIER)`,
  );
}

function column(table: EventTable, name: string): Column {
  const col = resolveColumn(table, name);
  if (!col) throw unknownIdentifier(table, name);
  return col;
}

function compare(op: string, a: number | string, b: number | string): boolean {
  switch (op) {
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    default:
      return a === b;
  }
}

function compileTerm(table: EventTable, node: Extract<WhereNode, { kind: 'term' }>): Predicate {
  const implicit = table.implicit ? resolveColumn(table, table.implicit) : undefined;
  const fieldName = node.field ?? table.implicit ?? '';
  const col = node.field === null ? implicit : column(table, node.field);
  if (!col) return () => false; // bare words on a source without a searchable column
  // Bare words, and a field search on the implicit column, match a part of the text.
  const substring = node.field === null || (col === implicit && node.op === '=');
  if (col.type === 'string') {
    // Decide once per dictionary entry, then test each event by its code.
    const needle = node.value.toLowerCase();
    const mask = col.dict.map((v) =>
      substring
        ? v.toLowerCase().includes(needle)
        : node.op === '='
          ? v.toLowerCase() === needle
          : compare(node.op, v, node.value),
    );
    const codes = col.codes;
    return (i) => mask[codes[i]!]!;
  }
  const target = Number(node.value);
  if (node.value.trim() === '' || Number.isNaN(target)) {
    throw new ChartQueryError(`Cannot compare numeric field "${fieldName}" with "${node.value}"`);
  }
  const values = col.values;
  switch (node.op) {
    case '>':
      return (i) => values[i]! > target;
    case '>=':
      return (i) => values[i]! >= target;
    case '<':
      return (i) => values[i]! < target;
    case '<=':
      return (i) => values[i]! <= target;
    default:
      return (i) => values[i] === target;
  }
}

export function compileWhere(table: EventTable, node: WhereNode): Predicate | null {
  switch (node.kind) {
    case 'all':
      return null;
    case 'term':
      return compileTerm(table, node);
    case 'not': {
      const inner = compileWhere(table, node.node);
      if (!inner) return () => false;
      return (i) => !inner(i);
    }
    case 'and': {
      const parts = node.nodes.map((n) => compileWhere(table, n)).filter((p): p is Predicate => p !== null);
      if (parts.length === 0) return null;
      return (i) => parts.every((p) => p(i));
    }
    case 'or': {
      const parts = node.nodes.map((n) => compileWhere(table, n));
      if (parts.some((p) => p === null)) return null;
      return (i) => parts.some((p) => p!(i));
    }
  }
}

interface Acc {
  first: number;
  count: number;
  sum: number;
  min: number;
  max: number;
  values: number[] | null;
  distinct: Set<number> | null;
}

/** Linear interpolation between the closest ranks, as the upstream database's `quantile` does. */
export function quantile(values: number[], level: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.max(0, Math.min(sorted.length - 1, level * (sorted.length - 1)));
  const low = Math.floor(index);
  const rest = index - low;
  const a = sorted[low]!;
  return rest === 0 ? a : a * (1 - rest) + sorted[low + 1]! * rest;
}

function levelOf(query: SeriesQuery): number {
  return query.level ?? 0.5;
}

/** Values are JSON numbers, as the published contract types them (a client still reads quoted ones). */
function finish(query: SeriesQuery, acc: Acc): number {
  switch (query.aggFn) {
    case 'count':
      return acc.count;
    case 'count_distinct':
      return acc.distinct!.size;
    case 'sum':
      return acc.sum;
    case 'min':
      return acc.min;
    case 'max':
      return acc.max;
    case 'avg':
      return acc.sum / acc.count;
    default:
      return quantile(acc.values!, levelOf(query));
  }
}

/**
 * Key of an event's (bucket, group). Dictionary-coded groupBy columns combine into one number
 * (mixed radix, no allocation per event); numeric groupBy columns fall back to a string key.
 */
function accKeyFn(
  table: EventTable,
  groupBy: string[],
  startTime: number,
  endTime: number,
  g: number,
): (i: number) => number | string {
  const ts = table.timestamps;
  const firstBucket = Math.floor(startTime / g);
  const buckets = Math.floor((endTime - 1) / g) - firstBucket + 1;
  const cols = groupBy.map((name) => column(table, name));
  const radix = cols.reduce((n, col) => (col.type === 'string' ? n * Math.max(col.dict.length, 1) : Infinity), 1);
  if (radix * buckets < Number.MAX_SAFE_INTEGER) {
    const strings = cols as Extract<Column, { type: 'string' }>[];
    if (strings.length === 0) return (i) => Math.floor(ts[i]! / g) - firstBucket;
    if (strings.length === 1) {
      const codes = strings[0]!.codes;
      return (i) => codes[i]! * buckets + Math.floor(ts[i]! / g) - firstBucket;
    }
    return (i) => {
      let key = 0;
      for (const col of strings) key = key * col.dict.length + col.codes[i]!;
      return key * buckets + Math.floor(ts[i]! / g) - firstBucket;
    };
  }
  const parts = cols.map((col) =>
    col.type === 'string' ? (i: number) => col.codes[i]! : (i: number) => col.values[i]!,
  );
  return (i) => `${Math.floor(ts[i]! / g)}|${parts.map((p) => p(i)).join('|')}`;
}

/** Group values are strings in the contract, numeric columns included. */
function groupValues(table: EventTable, groupBy: string[], i: number): string[] {
  return groupBy.map((name) => {
    const col = column(table, name);
    return col.type === 'string' ? (col.dict[col.codes[i]!] ?? '') : String(col.values[i]);
  });
}

/** A metric series reads the points of its metric only. */
function metricPredicate(table: EventTable, query: SeriesQuery): Predicate | null {
  if (!query.metricName) return null;
  const names = column(table, 'MetricName');
  if (names.type !== 'string') return null;
  const code = names.dict.indexOf(query.metricName);
  return (i) => names.codes[i] === code;
}

function runSeries(
  query: SeriesQuery,
  table: EventTable,
  chart: ChartQuery,
  rows: Map<string, ChartRow>,
  index: number,
): void {
  const where = compileWhere(table, parseWhere(query.where));
  const metric = metricPredicate(table, query);
  const predicate = where && metric ? (i: number) => metric(i) && where(i) : (where ?? metric);
  const field = query.metricName && !query.field ? 'Value' : query.field;
  const valueCol = query.aggFn === 'count' ? null : column(table, field ?? '');
  if (valueCol && valueCol.type !== 'number' && query.aggFn !== 'count_distinct') {
    throw new ChartQueryError(`Field "${field}" is not numeric and cannot be aggregated with ${query.aggFn}`);
  }
  const g = chart.granularityMs;
  const keyOf = accKeyFn(table, chart.groupBy, chart.startTime, chart.endTime, g);
  const ts = table.timestamps;
  const lo = lowerBound(ts, chart.startTime);
  const hi = lowerBound(ts, chart.endTime);
  const wantValues =
    query.aggFn !== 'count' && query.aggFn !== 'count_distinct' && !['sum', 'avg', 'min', 'max'].includes(query.aggFn);
  const numbers = valueCol?.type === 'number' ? valueCol.values : null;
  const codes = valueCol?.type === 'string' ? valueCol.codes : null;
  const accs = new Map<number | string, Acc>();

  for (let i = lo; i < hi; i++) {
    if (predicate && !predicate(i)) continue;
    const key = keyOf(i);
    let acc = accs.get(key);
    if (!acc) {
      acc = {
        first: i,
        count: 0,
        sum: 0,
        min: Infinity,
        max: -Infinity,
        values: wantValues ? [] : null,
        distinct: query.aggFn === 'count_distinct' ? new Set() : null,
      };
      accs.set(key, acc);
    }
    acc.count++;
    if (numbers) {
      const v = numbers[i]!;
      acc.sum += v;
      if (v < acc.min) acc.min = v;
      if (v > acc.max) acc.max = v;
      acc.values?.push(v);
      acc.distinct?.add(v);
    } else if (codes) {
      acc.distinct?.add(codes[i]!);
    }
  }

  for (const acc of accs.values()) {
    // Series may read different sources, so rows merge on group values, not dictionary codes.
    const bucket = Math.floor(ts[acc.first]! / g) * g;
    const group = groupValues(table, chart.groupBy, acc.first);
    const rowKey = `${bucket}|${JSON.stringify(group)}`;
    let row = rows.get(rowKey);
    if (!row) {
      row = { ts_bucket: bucket, group };
      rows.set(rowKey, row);
    }
    row[`series_${index}.data`] = finish(query, acc);
  }
}

/**
 * Runs a chart query: one row per (bucket, group) with data, a `series_N.data` key only for series
 * with data there, rows in a deterministic but unsorted order (the upstream does not sort them).
 */
export function runChartQuery(chart: ChartQuery): ChartRow[] {
  const rows = new Map<string, ChartRow>();
  // Parse every where first, so a bad query fails even when its source has no data.
  for (const { query } of chart.series) parseWhere(query.where);
  chart.series.forEach(({ query, table }, index) => {
    if (table && chart.endTime > chart.startTime) runSeries(query, table, chart, rows, index);
  });
  return shuffle([...rows.values()]);
}

function shuffle<T>(items: T[]): T[] {
  const rng = createRng(`sluice-emulator-v1:charts:order:${items.length}`);
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
