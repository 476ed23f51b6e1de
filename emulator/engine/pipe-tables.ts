import { HttpError } from '../http/errors';
import { advance } from '../cloud/pipes/meter';
import { kindOf, type Rec, type StoredPipe } from '../cloud/pipes/types';
import type { EmulatorState } from '../state';
import { EngineError, ident, literal, type QueryEngine } from './engine';

/**
 * The service's own tables as a pipe fills them, in the embedded engine:
 *
 * - the destination table, created from the pipe's destination when the pipe is created (seeded
 *   pipes: when the engine is first used), so a type ClickHouse refuses is refused at creation;
 * - `<table>_clickpipes_error` next to it (record errors: malformed data, schema mismatch, the raw
 *   message). The real columns are undocumented; the console discovers them with DESCRIBE;
 * - `system.clickpipes_log` (system errors per pipe), fed from each pipe's log in state.
 *
 * Rows are generated as the pipe's counters move (meter.ts), a bounded number per step, caught up
 * before every query the query host runs: what a client sees is the same as with a timer, and an
 * emulator nobody queries does no work. Database (CDC) pipes get no tables.
 */
export const ERROR_TABLE_SUFFIX = '_clickpipes_error';
export const ERROR_TABLE_COLUMNS = [
  ['_timestamp', 'DateTime64(3)'],
  ['_error', 'String'],
  ['_raw_message', 'String'],
] as const;
export const LOG_TABLE = 'system.clickpipes_log';
export const LOG_TABLE_COLUMNS = [
  ['event_time', 'DateTime64(3)'],
  ['clickpipe_id', 'String'],
  ['level', 'String'],
  ['message', 'String'],
] as const;

/** Rows a pipe adds per step while its counters move, and at most per catch-up; rows it starts with when seeded. */
export const ROWS_PER_STEP = 20;
export const ERROR_ROWS_PER_STEP = 2;
const MAX_ROWS_PER_CATCH_UP = 2000;
const MAX_ERROR_ROWS_PER_CATCH_UP = 200;
const SEEDED_ROWS = 100;
const SEEDED_ERROR_ROWS = 20;

interface Column {
  name: string;
  type: string;
}

/** What has been written for one pipe. */
interface Written {
  database: string;
  table: string;
  columns: Column[];
  sentEvents: number;
  errors: number;
  logged: number;
  at: number;
  dropped: boolean;
}

const SYSTEM_DATABASES = ['system', 'INFORMATION_SCHEMA', 'information_schema'];

const columnList = (columns: readonly Column[]) => columns.map((c) => `${ident(c.name)} ${c.type}`).join(', ');
const tableName = (database: string, table: string) => `${ident(database)}.${ident(table)}`;

function destinationOf(
  stored: StoredPipe,
): { database: string; table: string; managed: boolean; columns: Column[]; definition: Rec | null } | null {
  if (kindOf(stored.record) === 'postgres') return null;
  const d = stored.record.destination;
  if (typeof d.table !== 'string' || !Array.isArray(d.columns)) return null;
  return {
    database: typeof d.database === 'string' ? d.database : 'default',
    table: d.table,
    managed: d.managedTable !== false,
    columns: d.columns as Column[],
    definition: (d.tableDefinition as Rec | null | undefined) ?? null,
  };
}

/** The table's DDL from the destination as the emulator stores it (engine, sorting, partition and primary keys). */
export function destinationDdl(
  database: string,
  table: string,
  columns: readonly Column[],
  definition: Rec | null,
): string {
  const engine = (definition?.engine as Rec | undefined) ?? { type: 'MergeTree' };
  const type = String(engine.type ?? 'MergeTree');
  let engineSql: string;
  if (type === 'ReplacingMergeTree') engineSql = `ReplacingMergeTree(${ident(String(engine.versionColumnId))})`;
  else if (type === 'SummingMergeTree')
    engineSql = `SummingMergeTree((${(engine.columnIds as string[]).map(ident).join(', ')}))`;
  else engineSql = `${type}`;
  const clauses: string[] = [];
  if (type !== 'Null') {
    const sortingKey = (definition?.sortingKey as string[] | undefined) ?? [];
    clauses.push(`ORDER BY ${sortingKey.length ? `(${sortingKey.map(ident).join(', ')})` : 'tuple()'}`);
    if (typeof definition?.partitionBy === 'string' && definition.partitionBy)
      clauses.push(`PARTITION BY ${definition.partitionBy}`);
    if (typeof definition?.primaryKey === 'string' && definition.primaryKey)
      clauses.push(`PRIMARY KEY ${definition.primaryKey}`);
  }
  return `CREATE TABLE IF NOT EXISTS ${tableName(database, table)} (${columnList(columns)}) ENGINE = ${engineSql} ${clauses.join(' ')}`.trim();
}

const DATE_TIME = /^(Nullable\()?DateTime/;

/** Generated rows for the destination: random values, but recent times in time columns. */
function rowsInsert(w: Written, rows: number, seed: number): string {
  const replaced = w.columns
    .filter((c) => DATE_TIME.test(c.type))
    .map((c) => `CAST(now64(3) - toIntervalMillisecond(rand() % 60000) AS ${c.type}) AS ${ident(c.name)}`);
  const select = replaced.length ? `* REPLACE (${replaced.join(', ')})` : '*';
  return `INSERT INTO ${tableName(w.database, w.table)} SELECT ${select} FROM generateRandom(${literal(columnList(w.columns))}, ${seed}, 16, 2) LIMIT ${rows}`;
}

/** Error rows: the raw message as it arrived (cut short: invalid JSON) and the parser's complaint. */
function errorRowsInsert(w: Written, rows: number): string {
  const first = w.columns[0]?.name ?? 'value';
  const raw = `concat('{"${first.replace(/["'\\]/g, '')}": "', toString(rand64()), '", "payload": {"truncated": ')`;
  const error =
    "concat('Code: 27. DB::Exception: Cannot parse input: expected \\'}\\' at end of stream.: (at row ', toString(number + 1), '): " +
    "While executing ParallelParsingBlockInputFormat. (CANNOT_PARSE_INPUT_ASSERTION_FAILED)')";
  return (
    `INSERT INTO ${tableName(w.database, w.table + ERROR_TABLE_SUFFIX)} (${ERROR_TABLE_COLUMNS.map(([n]) => ident(n)).join(', ')}) ` +
    `SELECT now64(3) - toIntervalMillisecond(rand() % 60000), ${error}, ${raw} FROM numbers(${rows})`
  );
}

export class PipeTables {
  private written = new WeakMap<StoredPipe, Written>();
  /** Every engine operation of the emulator's own runs in this order, after any reset. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Something was written since the last reset (a reset of an untouched engine is free). */
  private dirty = false;
  private logTableReady = false;
  private seed = 1;

  constructor(
    private readonly state: EmulatorState,
    readonly engine: QueryEngine,
    private readonly stepMs: () => number,
  ) {}

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Back to the seeded world: every database of the emulator's tables is dropped (the seeded ones come back on next use). */
  reset(): void {
    this.written = new WeakMap();
    if (!this.dirty) return;
    this.dirty = false;
    void this.exclusive(async () => {
      const names = (
        await this.engine.exec(
          `SELECT name FROM system.databases WHERE name NOT IN (${SYSTEM_DATABASES.map(literal).join(', ')}) FORMAT TSV`,
        )
      )
        .split('\n')
        .filter(Boolean);
      for (const name of names) await this.engine.exec(`DROP DATABASE IF EXISTS ${ident(name)} SYNC`);
      await this.engine.exec('CREATE DATABASE IF NOT EXISTS `default`');
      await this.engine.exec(`DROP TABLE IF EXISTS ${LOG_TABLE} SYNC`);
      this.logTableReady = false;
    }).catch(() => undefined);
  }

  private async ensureLogTable(): Promise<void> {
    if (this.logTableReady) return;
    await this.engine.exec(
      `CREATE TABLE IF NOT EXISTS ${LOG_TABLE} (${columnList(LOG_TABLE_COLUMNS.map(([name, type]) => ({ name, type })))}) ENGINE = MergeTree ORDER BY (event_time)`,
    );
    this.logTableReady = true;
  }

  private async createTables(stored: StoredPipe, forCreation: boolean): Promise<Written | null> {
    const destination = destinationOf(stored);
    if (!destination) return null;
    const { database, table, managed, columns, definition } = destination;
    this.dirty = true;
    await this.engine.exec(`CREATE DATABASE IF NOT EXISTS ${ident(database)}`);
    if (!managed && forCreation) {
      const exists = (await this.engine.exec(`EXISTS TABLE ${tableName(database, table)} FORMAT TSV`)).trim() === '1';
      if (!exists)
        throw new EngineError(
          60,
          `Code: 60. DB::Exception: Table ${database}.${table} does not exist. (UNKNOWN_TABLE)`,
        );
    } else {
      await this.engine.exec(destinationDdl(database, table, columns, definition));
    }
    await this.engine.exec(
      `CREATE TABLE IF NOT EXISTS ${tableName(database, table + ERROR_TABLE_SUFFIX)} (${columnList(ERROR_TABLE_COLUMNS.map(([name, type]) => ({ name, type })))}) ` +
        'ENGINE = MergeTree ORDER BY (_timestamp) TTL toDateTime(_timestamp) + INTERVAL 7 DAY',
    );
    await this.ensureLogTable();
    return { database, table, columns, sentEvents: 0, errors: 0, logged: 0, at: Date.now(), dropped: false };
  }

  /**
   * A pipe being created: its tables, before the pipe is stored. A destination ClickHouse refuses (a
   * type it does not know, a key on a missing column, …) is a 400 with the engine's own text; a
   * destination without a managed table must already exist. Without an engine (chdb not installed)
   * nothing is checked.
   */
  async pipeCreated(stored: StoredPipe): Promise<void> {
    if (!destinationOf(stored) || !(await this.engine.available())) return;
    await this.exclusive(async () => {
      try {
        const w = await this.createTables(stored, true);
        if (w) {
          w.sentEvents = stored.meter.sentEvents;
          w.errors = stored.meter.errors;
          this.written.set(stored, w);
        }
      } catch (error) {
        if (error instanceof EngineError) throw new HttpError(400, error.message);
        throw error;
      }
    });
  }

  /** The table of a pipe, dropped as a user would drop it; the pipe writes no more rows to it. */
  async dropDestination(stored: StoredPipe): Promise<string> {
    const destination = destinationOf(stored);
    if (!destination) throw new HttpError(400, 'a database (CDC) pipe has no destination table of its own');
    return this.exclusive(async () => {
      let w = this.written.get(stored);
      if (!w) {
        w = (await this.adopt(stored))!;
      }
      w.dropped = true;
      await this.engine.exec(`DROP TABLE IF EXISTS ${tableName(destination.database, destination.table)} SYNC`);
      return `${destination.database}.${destination.table}`;
    });
  }

  /** A seeded pipe (or one created before the engine loaded): its tables, with a sample of rows. */
  private async adopt(stored: StoredPipe): Promise<Written | null> {
    const w = await this.createTables(stored, false);
    if (!w) return null;
    const now = Date.now();
    advance(stored.meter, stored.record, stored.record.state, now);
    const rows = Math.min(SEEDED_ROWS, Math.round(stored.meter.sentEvents));
    const errorRows = Math.min(SEEDED_ERROR_ROWS, Math.round(stored.meter.errors));
    if (rows > 0) await this.insert(w, () => rowsInsert(w, rows, this.seed++));
    if (errorRows > 0) await this.insert(w, () => errorRowsInsert(w, errorRows));
    w.sentEvents = stored.meter.sentEvents;
    w.errors = stored.meter.errors;
    w.at = now;
    this.written.set(stored, w);
    return w;
  }

  /** Generated rows are best effort: a type generateRandom cannot produce leaves the table as it is. */
  private async insert(w: Written, sql: () => string): Promise<void> {
    if (w.dropped) return;
    try {
      await this.engine.exec(sql());
    } catch {
      // nothing to add
    }
  }

  /** Brings every pipe's tables up to now: rows for what its counters moved, its new log entries. */
  catchUp(): Promise<void> {
    return this.exclusive(async () => {
      // What the query that follows writes is the emulator's to drop on reset too.
      this.dirty = true;
      await this.ensureLogTable();
      const now = Date.now();
      for (const stored of this.state.pipes.values()) {
        let w = this.written.get(stored);
        if (!w) {
          if (!destinationOf(stored)) continue;
          w = (await this.adopt(stored))!;
        }
        advance(stored.meter, stored.record, stored.record.state, now);
        const steps = Math.max(1, Math.floor((now - w.at) / Math.max(1, this.stepMs())));
        const sent = stored.meter.sentEvents - w.sentEvents;
        const errors = stored.meter.errors - w.errors;
        const rows = Math.min(Math.ceil(sent), steps * ROWS_PER_STEP, MAX_ROWS_PER_CATCH_UP);
        const errorRows = Math.min(Math.ceil(errors), steps * ERROR_ROWS_PER_STEP, MAX_ERROR_ROWS_PER_CATCH_UP);
        const written = w;
        if (rows > 0) await this.insert(written, () => rowsInsert(written, rows, this.seed++));
        if (errorRows > 0) await this.insert(written, () => errorRowsInsert(written, errorRows));
        if (rows > 0 || errorRows > 0) this.dirty = true;
        w.sentEvents = stored.meter.sentEvents;
        w.errors = stored.meter.errors;
        w.at = now;
        await this.writeLog(stored, w);
      }
    });
  }

  private async writeLog(stored: StoredPipe, w: Written): Promise<void> {
    const fresh = stored.log.slice(w.logged);
    if (!fresh.length) return;
    const values = fresh
      .map(
        (e) =>
          `(parseDateTime64BestEffort(${literal(e.at)}, 3), ${literal(stored.record.id)}, ${literal(e.level)}, ${literal(e.message)})`,
      )
      .join(', ');
    await this.engine.exec(
      `INSERT INTO ${LOG_TABLE} (${LOG_TABLE_COLUMNS.map(([n]) => ident(n)).join(', ')}) VALUES ${values}`,
    );
    this.dirty = true;
    w.logged = stored.log.length;
  }
}
