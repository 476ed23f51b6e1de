import { createRng, type Rng } from '../../prng';

/**
 * The emulator's observability data in the OpenTelemetry schema every installation of the
 * observability stack uses (the collector's `otel_logs`, `otel_traces` and `otel_metrics_*`
 * tables): the column names its users search with, e.g. `SeverityText:error`, grouped by
 * `ServiceName`. Map columns (`LogAttributes`, `ResourceAttributes`, `SpanAttributes`,
 * `Attributes`) are kept one column per key, named `Map.key`, and read as `Map.key` (search
 * syntax) or `Map['key']` (SQL).
 */

type Attributes = Record<string, string | number>;

/** One log record as the chart engine sees it; tests inject these through the `chartFixture` option. */
export interface LogEvent {
  /** Epoch milliseconds. */
  Timestamp: number;
  ServiceName: string;
  SeverityText: string;
  Body: string;
  TraceId?: string;
  SpanId?: string;
  LogAttributes?: Attributes;
  ResourceAttributes?: Attributes;
}

export interface TraceEvent {
  Timestamp: number;
  ServiceName: string;
  SpanName: string;
  /** Milliseconds (the seeded trace source's `durationPrecision` is 3). */
  Duration: number;
  /** `Unset`, `Ok` or `Error`, as the collector writes it. */
  StatusCode: string;
  TraceId?: string;
  SpanId?: string;
  ParentSpanId?: string;
  SpanKind?: string;
  SpanAttributes?: Attributes;
  ResourceAttributes?: Attributes;
}

/** One data point of a metric, found by its name. */
export interface MetricEvent {
  /** Epoch milliseconds (the `TimeUnix` column). */
  TimeUnix: number;
  MetricName: string;
  Value: number;
  ServiceName: string;
  Attributes?: Attributes;
  ResourceAttributes?: Attributes;
}

export type EventKind = 'log' | 'trace' | 'metric';

export interface ChartFixture {
  logs?: LogEvent[];
  traces?: TraceEvent[];
  metrics?: MetricEvent[];
}

export interface ChartDataOptions {
  /** Emulator start; generated events cover the 30 days before it. */
  startedAt: number;
  /** Generated events per source (env `EMULATOR_EVENTS`, default 50 000). */
  events?: number;
  /** Fixed events replacing the generated ones, per source kind. */
  fixture?: ChartFixture;
}

/** A string column is dictionary-encoded; `integer` numeric columns answer sum/min/max as strings. */
export type Column =
  { type: 'string'; codes: Uint32Array; dict: string[] } | { type: 'number'; integer: boolean; values: Float64Array };

/** Events of one source, in columns, sorted by `timestamps`. */
export interface EventTable {
  /** The table the source names (`default.otel_logs`), for the database's error messages. */
  name: string;
  size: number;
  timestamps: Float64Array;
  columns: Map<string, Column>;
  /** The column bare words search (the source's implicit column), if any. */
  implicit?: string;
}

const DAY = 86_400_000;
export const DEFAULT_EVENT_COUNT = 50_000;
const SERVICES = ['checkout', 'payments', 'search', 'auth'];
const LEVELS = ['debug', 'info', 'warn', 'error'];
const SEVERITY_NUMBERS: Record<string, number> = { debug: 5, info: 9, warn: 13, error: 17 };
const LEVEL_WEIGHTS = [0.15, 0.65, 0.13, 0.07];
const HOSTS = Array.from({ length: 8 }, (_, i) => `ip-10-0-${1 + (i >> 2)}-${10 + i}.ec2.internal`);
const PODS = Array.from({ length: 6 }, (_, i) => `${SERVICES[i % SERVICES.length]}-7d9f${i}c-x${i}q`);
const METRICS = ['k8s.pod.cpu.utilization', 'k8s.pod.memory.usage', 'http.server.request.count'];
const SPANS: Record<string, string[]> = {
  checkout: ['POST /checkout', 'GET /cart', 'reserve inventory'],
  payments: ['POST /payments', 'charge card', 'GET /payments/:id'],
  search: ['GET /search', 'query index', 'GET /suggest'],
  auth: ['POST /login', 'verify token', 'POST /logout'],
};
const BODIES: Record<string, string[]> = {
  debug: ['cache lookup', 'request headers parsed', 'db pool stats'],
  info: ['request completed', 'order placed', 'user logged in', 'search executed', 'payment authorized'],
  warn: ['slow request', 'retrying upstream call', 'cache miss ratio high'],
  error: ['upstream timeout', 'payment declined', 'database connection refused', 'unhandled exception'],
};

/** Where each kind lives, as the seeded sources name it. */
const TABLE_NAMES: Record<EventKind, string> = {
  log: 'default.otel_logs',
  trace: 'default.otel_traces',
  metric: 'default.otel_metrics_gauge',
};
const IMPLICIT: Record<EventKind, string | undefined> = { log: 'Body', trace: 'SpanName', metric: undefined };

export function eventCountFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.EMULATOR_EVENTS;
  if (raw === undefined || raw === '') return DEFAULT_EVENT_COUNT;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`EMULATOR_EVENTS must be a non-negative integer, got "${raw}"`);
  return n;
}

class StringBuilder {
  readonly codes: Uint32Array;
  readonly dict: string[] = [];
  private readonly index = new Map<string, number>();
  constructor(size: number) {
    this.codes = new Uint32Array(size);
  }
  set(i: number, value: string): void {
    let code = this.index.get(value);
    if (code === undefined) {
      code = this.dict.length;
      this.dict.push(value);
      this.index.set(value, code);
    }
    this.codes[i] = code;
  }
  column(): Column {
    return { type: 'string', codes: this.codes, dict: this.dict };
  }
}

const TIME_FIELD: Record<EventKind, string> = { log: 'Timestamp', trace: 'Timestamp', metric: 'TimeUnix' };
const MAP_FIELDS = new Set(['LogAttributes', 'ResourceAttributes', 'SpanAttributes', 'Attributes']);

/** A row's cells by column name: scalars as they are, each map key its own `Map.key` column. */
function cells(row: Record<string, unknown>, timeField: string): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [name, value] of Object.entries(row)) {
    if (name === timeField) continue;
    if (MAP_FIELDS.has(name) && value && typeof value === 'object') {
      for (const [key, v] of Object.entries(value as Attributes)) out.set(`${name}.${key}`, v);
    } else {
      out.set(name, value);
    }
  }
  return out;
}

/**
 * Builds a table from row objects (fixtures); rows are sorted by time first. A column whose
 * values are all numbers is numeric; any other is a string column ('' where a row lacks it).
 */
export function tableFromRows(kind: EventKind, rows: readonly (LogEvent | TraceEvent | MetricEvent)[]): EventTable {
  const timeField = TIME_FIELD[kind];
  const records = rows.map((row) => row as unknown as Record<string, unknown>);
  const sorted = [...records].sort((a, b) => Number(a[timeField]) - Number(b[timeField]));
  const size = sorted.length;
  const timestamps = new Float64Array(size);
  const rowCells = sorted.map((row, i) => {
    timestamps[i] = Number(row[timeField]);
    return cells(row, timeField);
  });
  const names = new Set<string>();
  for (const row of rowCells) for (const name of row.keys()) names.add(name);
  const columns = new Map<string, Column>();
  for (const name of names) {
    const numeric = rowCells.every((row) => typeof (row.get(name) ?? 0) === 'number');
    if (numeric) {
      const values = new Float64Array(size);
      rowCells.forEach((row, i) => (values[i] = Number(row.get(name) ?? 0)));
      columns.set(name, { type: 'number', integer: values.every(Number.isInteger), values });
    } else {
      const builder = new StringBuilder(size);
      rowCells.forEach((row, i) => builder.set(i, String(row.get(name) ?? '')));
      columns.set(name, builder.column());
    }
  }
  return { name: TABLE_NAMES[kind], size, timestamps, columns, implicit: IMPLICIT[kind] };
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)]!;
}

function weighted(rng: Rng, weights: readonly number[]): number {
  let r = rng();
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i]!;
    if (r < 0) return i;
  }
  return weights.length - 1;
}

/** Log-normal-ish latency in ms, heavier for errors. */
function latency(rng: Rng, slow: boolean): number {
  const base = Math.exp(3 + rng() * 2 + (rng() < 0.05 ? 2 : 0));
  return Math.max(1, Math.round(slow ? base * 3 : base));
}

const hex = (rng: Rng, length: number) => Array.from({ length }, () => Math.floor(rng() * 16).toString(16)).join('');

/** Column builders of one generated table. */
class Builders {
  readonly strings = new Map<string, StringBuilder>();
  readonly numbers = new Map<string, { integer: boolean; values: Float64Array }>();
  constructor(private readonly size: number) {}
  string(name: string, i: number, value: string): void {
    let b = this.strings.get(name);
    if (!b) this.strings.set(name, (b = new StringBuilder(this.size)));
    b.set(i, value);
  }
  number(name: string, i: number, value: number, integer = true): void {
    let b = this.numbers.get(name);
    if (!b) this.numbers.set(name, (b = { integer, values: new Float64Array(this.size) }));
    b.values[i] = value;
  }
  columns(): Map<string, Column> {
    const columns = new Map<string, Column>();
    for (const [name, b] of this.strings) columns.set(name, b.column());
    for (const [name, b] of this.numbers) columns.set(name, { type: 'number', integer: b.integer, values: b.values });
    return columns;
  }
}

/**
 * Deterministic events for the 30 days before `startedAt`, written straight into typed arrays.
 * Timestamps are one jittered event per slot, so the table comes out sorted without a sort.
 */
export function generateTable(kind: EventKind, count: number, startedAt: number): EventTable {
  const rng = createRng(`sluice-emulator-v1:charts:${kind}`);
  const from = startedAt - 30 * DAY;
  const slot = (30 * DAY) / Math.max(count, 1);
  const timestamps = new Float64Array(count);
  const b = new Builders(count);
  for (let i = 0; i < count; i++) {
    timestamps[i] = Math.floor(from + (i + rng()) * slot);
    const svc = pick(rng, SERVICES);
    b.string('ServiceName', i, svc);
    b.string('ResourceAttributes.service.name', i, svc);
    if (kind === 'log') {
      const lvl = LEVELS[weighted(rng, LEVEL_WEIGHTS)]!;
      b.string('SeverityText', i, lvl);
      b.number('SeverityNumber', i, SEVERITY_NUMBERS[lvl]!);
      b.string('Body', i, pick(rng, BODIES[lvl]!));
      b.string('TraceId', i, hex(rng, 32));
      b.string('SpanId', i, hex(rng, 16));
      b.string('ResourceAttributes.host.name', i, pick(rng, HOSTS));
      const status =
        lvl === 'error'
          ? pick(rng, [500, 502, 503])
          : lvl === 'warn'
            ? pick(rng, [200, 404, 429])
            : pick(rng, [200, 200, 201, 204]);
      b.number('LogAttributes.http.status_code', i, status);
      b.number('LogAttributes.duration_ms', i, latency(rng, lvl === 'error' || lvl === 'warn'));
    } else if (kind === 'trace') {
      const failed = rng() < 0.04;
      b.string('SpanName', i, pick(rng, SPANS[svc]!));
      b.string('SpanKind', i, rng() < 0.6 ? 'Server' : 'Internal');
      b.string('StatusCode', i, failed ? 'Error' : rng() < 0.5 ? 'Unset' : 'Ok');
      b.number('Duration', i, latency(rng, failed));
      b.string('TraceId', i, hex(rng, 32));
      b.string('SpanId', i, hex(rng, 16));
      b.string('ResourceAttributes.host.name', i, pick(rng, HOSTS));
      b.number('SpanAttributes.http.status_code', i, failed ? pick(rng, [500, 503]) : pick(rng, [200, 200, 201, 204]));
    } else {
      const metric = pick(rng, METRICS);
      const pod = pick(rng, PODS);
      b.string('MetricName', i, metric);
      b.string('ResourceAttributes.k8s.pod.name', i, pod);
      const value =
        metric === 'k8s.pod.cpu.utilization'
          ? 0.05 + rng() * 0.9
          : metric === 'k8s.pod.memory.usage'
            ? Math.round(2e8 + rng() * 6e8)
            : Math.round(rng() * 400);
      b.number('Value', i, value, metric !== 'k8s.pod.cpu.utilization');
    }
  }
  const columns = b.columns();
  if (kind === 'metric') {
    // Cpu values are fractions: the column is not integer as a whole.
    const value = columns.get('Value');
    if (value?.type === 'number') value.integer = false;
  }
  return { name: TABLE_NAMES[kind], size: count, timestamps, columns, implicit: IMPLICIT[kind] };
}

/** Columns read by name: `Map['key']` (SQL) is the same column as `Map.key` (search syntax). */
export function resolveColumn(table: EventTable, name: string): Column | undefined {
  const direct = table.columns.get(name);
  if (direct) return direct;
  const bracket = /^(\w+)\[\s*'([^']*)'\s*\]$/.exec(name.trim());
  return bracket ? table.columns.get(`${bracket[1]}.${bracket[2]}`) : undefined;
}

/** First index whose timestamp is >= t. */
export function lowerBound(timestamps: Float64Array, t: number): number {
  let lo = 0;
  let hi = timestamps.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (timestamps[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Tables per source kind, generated (or built from the fixture) on first use and kept across resets. */
export class ChartData {
  private readonly tables = new Map<EventKind, EventTable>();
  constructor(private readonly options: ChartDataOptions) {}

  table(kind: EventKind): EventTable {
    let table = this.tables.get(kind);
    if (!table) {
      const fixture =
        this.options.fixture &&
        ((kind === 'log'
          ? this.options.fixture.logs
          : kind === 'trace'
            ? this.options.fixture.traces
            : this.options.fixture.metrics) ??
          []);
      table = fixture
        ? tableFromRows(kind, fixture)
        : generateTable(kind, this.options.events ?? eventCountFromEnv(), this.options.startedAt);
      this.tables.set(kind, table);
    }
    return table;
  }
}
