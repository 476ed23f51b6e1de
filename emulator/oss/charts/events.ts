import { createRng, type Rng } from '../../prng';

/** One log line as the chart engine sees it; tests inject these through the `chartFixture` option. */
export interface LogEvent {
  timestamp: number;
  service: string;
  level: string;
  body: string;
  host: string;
  status_code: number;
  duration_ms: number;
}

export interface TraceEvent {
  timestamp: number;
  service: string;
  span_name: string;
  duration_ms: number;
  status_code: number;
}

export type EventKind = 'log' | 'trace';

export interface ChartFixture {
  logs?: LogEvent[];
  traces?: TraceEvent[];
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
  | { type: 'string'; codes: Uint32Array; dict: string[] }
  | { type: 'number'; integer: boolean; values: Float64Array };

/** Events of one source, in columns, sorted by `timestamps`. */
export interface EventTable {
  size: number;
  timestamps: Float64Array;
  columns: Map<string, Column>;
}

const DAY = 86_400_000;
export const DEFAULT_EVENT_COUNT = 50_000;
const SERVICES = ['checkout', 'payments', 'search', 'auth'];
const LEVELS = ['debug', 'info', 'warn', 'error'];
const LEVEL_WEIGHTS = [0.15, 0.65, 0.13, 0.07];
const HOSTS = Array.from({ length: 8 }, (_, i) => `ip-10-0-${1 + (i >> 2)}-${10 + i}.ec2.internal`);
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

const STRING_FIELDS: Record<EventKind, string[]> = {
  log: ['service', 'level', 'body', 'host'],
  trace: ['service', 'span_name'],
};
const NUMBER_FIELDS: Record<EventKind, string[]> = {
  log: ['status_code', 'duration_ms'],
  trace: ['duration_ms', 'status_code'],
};

/** Builds a table from row objects (fixtures); rows are sorted by time first. */
export function tableFromRows(kind: EventKind, rows: readonly (LogEvent | TraceEvent)[]): EventTable {
  const sorted = [...rows].sort((a, b) => a.timestamp - b.timestamp);
  const size = sorted.length;
  const timestamps = new Float64Array(size);
  const strings = STRING_FIELDS[kind].map((name) => [name, new StringBuilder(size)] as const);
  const numbers = NUMBER_FIELDS[kind].map((name) => [name, new Float64Array(size)] as const);
  sorted.forEach((row, i) => {
    const record = row as unknown as Record<string, unknown>;
    timestamps[i] = row.timestamp;
    for (const [name, builder] of strings) builder.set(i, String(record[name] ?? ''));
    for (const [name, values] of numbers) values[i] = Number(record[name] ?? 0);
  });
  const columns = new Map<string, Column>();
  for (const [name, builder] of strings) columns.set(name, builder.column());
  for (const [name, values] of numbers) columns.set(name, { type: 'number', integer: sorted.every((r) => Number.isInteger((r as unknown as Record<string, number>)[name])), values });
  return { size, timestamps, columns };
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

/**
 * Deterministic events for the 30 days before `startedAt`, written straight into typed arrays.
 * Timestamps are one jittered event per slot, so the table comes out sorted without a sort.
 */
export function generateTable(kind: EventKind, count: number, startedAt: number): EventTable {
  const rng = createRng(`sluice-emulator-v1:charts:${kind}`);
  const from = startedAt - 30 * DAY;
  const slot = (30 * DAY) / Math.max(count, 1);
  const timestamps = new Float64Array(count);
  const service = new StringBuilder(count);
  const status = new Float64Array(count);
  const duration = new Float64Array(count);
  const columns = new Map<string, Column>();
  if (kind === 'log') {
    const level = new StringBuilder(count);
    const body = new StringBuilder(count);
    const host = new StringBuilder(count);
    for (let i = 0; i < count; i++) {
      timestamps[i] = Math.floor(from + (i + rng()) * slot);
      const svc = pick(rng, SERVICES);
      const lvl = LEVELS[weighted(rng, LEVEL_WEIGHTS)]!;
      service.set(i, svc);
      level.set(i, lvl);
      body.set(i, pick(rng, BODIES[lvl]!));
      host.set(i, pick(rng, HOSTS));
      status[i] = lvl === 'error' ? pick(rng, [500, 502, 503]) : lvl === 'warn' ? pick(rng, [200, 404, 429]) : pick(rng, [200, 200, 201, 204]);
      duration[i] = latency(rng, lvl === 'error' || lvl === 'warn');
    }
    columns.set('level', level.column()).set('body', body.column()).set('host', host.column());
  } else {
    const span = new StringBuilder(count);
    for (let i = 0; i < count; i++) {
      timestamps[i] = Math.floor(from + (i + rng()) * slot);
      const svc = pick(rng, SERVICES);
      const failed = rng() < 0.04;
      service.set(i, svc);
      span.set(i, pick(rng, SPANS[svc]!));
      status[i] = failed ? 2 : rng() < 0.5 ? 0 : 1;
      duration[i] = latency(rng, failed);
    }
    columns.set('span_name', span.column());
  }
  columns.set('service', service.column());
  columns.set('status_code', { type: 'number', integer: true, values: status });
  columns.set('duration_ms', { type: 'number', integer: true, values: duration });
  return { size: count, timestamps, columns };
}

/** Upstream column names used by seeded tiles, mapped to the emulator's event fields. */
const ALIASES: Record<string, string> = {
  ServiceName: 'service',
  SeverityText: 'level',
  Body: 'body',
  Host: 'host',
  StatusCode: 'status_code',
  Duration: 'duration_ms',
  SpanName: 'span_name',
};

export function resolveColumn(table: EventTable, name: string): Column | undefined {
  return table.columns.get(name) ?? table.columns.get(ALIASES[name] ?? '');
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
      const fixture = this.options.fixture && ((kind === 'log' ? this.options.fixture.logs : this.options.fixture.traces) ?? []);
      table = fixture ? tableFromRows(kind, fixture) : generateTable(kind, this.options.events ?? eventCountFromEnv(), this.options.startedAt);
      this.tables.set(kind, table);
    }
    return table;
  }
}
