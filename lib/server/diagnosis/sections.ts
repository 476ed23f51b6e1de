import 'server-only';
import { LRUCache } from 'lru-cache';
import {
  ERROR_ROWS_PER_PAGE,
  NEWEST_ROWS,
  type DiagnosisSection,
  type FailureReason,
  type SectionResult,
  type SectionRows,
  type SectionUnavailable,
  type TableColumn,
  type TableRow,
} from '@/lib/pipes/diagnosis/types';
import type { PipeRecord } from '@/lib/schemas/pipes/record';
import { ApiError } from '../errors';
import { UpstreamError } from '../upstream/http';
import { IdentifierError, quoteIdentifier, quoteString, quoteTable } from './identifiers';
import { runServiceQuery, type RunOptions } from './run-query';

/** Where the service keeps its pipes' system errors (both tables keep 7 days). */
export const PIPE_LOG_TABLE = { database: 'system', table: 'clickpipes_log' } as const;
/** The record errors of a pipe sit beside its destination, under this suffix. */
export const ERROR_TABLE_SUFFIX = '_clickpipes_error';

const CDC_NOTE =
  'Database pipes keep their logs in the service’s own replication tables, not in system.clickpipes_log or an error table; ' +
  'their state and metrics above show whether they are loading.';

interface Target {
  database: string;
  table: string;
}

/** Column lists change rarely; the columns are read once per table every few minutes, not per query. */
const described = new LRUCache<string, TableColumn[]>({ max: 500, ttl: 5 * 60_000 });

type Answer<T> = { ok: T } | { unavailable: SectionUnavailable };

/** A query failure that says something about access or the table, as the page should word it. */
function unavailableFrom(error: unknown, target: Target): SectionUnavailable | undefined {
  if (!(error instanceof UpstreamError)) return undefined;
  const text = error.message;
  if (/UNKNOWN_TABLE|UNKNOWN_DATABASE|Code: (60|81)\b|does(?:n't| not) exist/i.test(text)) {
    return { state: 'missing-table', table: `${target.database}.${target.table}` };
  }
  if (
    error.upstreamStatus === 403 ||
    /ACCESS_DENIED|READONLY|Not enough privileges|not authori[sz]ed|not allowed/i.test(text)
  ) {
    return { state: 'no-access', detail: text };
  }
  return undefined;
}

async function query(serviceId: string, sql: string, target: Target, options: RunOptions): Promise<Answer<TableRow[]>> {
  try {
    const answer = await runServiceQuery(serviceId, sql, options);
    if (answer.kind === 'idle') return { unavailable: { state: 'idle' } };
    if (answer.kind === 'stopped') return { unavailable: { state: 'stopped' } };
    return { ok: answer.rows };
  } catch (error) {
    const unavailable = unavailableFrom(error, target);
    if (unavailable) return { unavailable };
    throw error;
  }
}

async function describe(serviceId: string, target: Target, options: RunOptions): Promise<Answer<TableColumn[]>> {
  const key = `${serviceId}|${target.database}|${target.table}`;
  const known = described.get(key);
  if (known) return { ok: known };
  const answer = await query(serviceId, `DESCRIBE TABLE ${quoteTable(target.database, target.table)}`, target, options);
  if (!('ok' in answer)) return answer;
  const columns = answer.ok
    .map((row) => ({ name: String(row.name ?? ''), type: String(row.type ?? '') }))
    .filter((column) => column.name !== '');
  described.set(key, columns);
  return { ok: columns };
}

const isTime = (column: TableColumn) =>
  /^(Nullable\()?DateTime/.test(column.type) || /^(Nullable\()?Date(32)?\b/.test(column.type);

/** The column a newest-first order follows: a time column (named like one first), else the table's sorting key. */
export function newestColumn(columns: readonly TableColumn[], sortingKey: readonly string[] = []): string | undefined {
  const times = columns.filter(isTime);
  const named = times.find((column) => /time|timestamp|_at$|date/i.test(column.name));
  return named?.name ?? times[0]?.name ?? sortingKey.find((key) => columns.some((column) => column.name === key));
}

/** Which columns of the log table name the pipe, the time, the message and the level; its columns are not documented. */
export function logColumns(columns: readonly TableColumn[]): {
  pipe?: string;
  time?: string;
  message?: string;
  level?: string;
} {
  const find = (pattern: RegExp) => columns.find((column) => pattern.test(column.name))?.name;
  return {
    pipe: find(/^(clickpipe_?id|pipe_?id)$/i) ?? find(/pipe.*id/i),
    time: newestColumn(columns),
    message: find(/^(message|error|error_message|msg|text|details?)$/i) ?? find(/message|error/i),
    level: find(/^(level|severity|log_level|type)$/i),
  };
}

function destination(pipe: PipeRecord): Target | undefined {
  const { database, table } = pipe.destination;
  return database && table ? { database, table } : undefined;
}

function notApplicable(pipe: PipeRecord): SectionUnavailable | undefined {
  if (pipe.source.postgres) return { state: 'not-applicable', reason: CDC_NOTE };
  if (!destination(pipe)) return { state: 'not-applicable', reason: 'This pipe names no destination table.' };
  return undefined;
}

const display = (target: Target) => `${target.database}.${target.table}`;

/** `SELECT *` of a table (`where` a condition or empty), newest first by `order` when there is one. */
function selectNewest(
  target: Target,
  order: string | undefined,
  limit: number,
  { where = '', offset = 0 } = {},
): string {
  return (
    `SELECT * FROM ${quoteTable(target.database, target.table)}${where ? ` WHERE ${where}` : ''}` +
    `${order ? ` ORDER BY ${quoteIdentifier(order)} DESC` : ''} LIMIT ${limit}${offset > 0 ? ` OFFSET ${offset}` : ''}`
  );
}

function shown(
  sql: string,
  target: Target,
  columns: TableColumn[],
  rows: TableRow[],
  order: string | undefined,
  extra: Partial<SectionRows> = {},
): SectionRows {
  return { state: 'ok', sql, table: display(target), columns, rows, ...(order ? { orderedBy: order } : {}), ...extra };
}

async function logSection(pipe: PipeRecord, options: RunOptions): Promise<SectionResult> {
  const target = PIPE_LOG_TABLE;
  const columns = await describe(pipe.serviceId, target, options);
  if (!('ok' in columns)) return columns.unavailable;
  const { pipe: pipeColumn, time } = logColumns(columns.ok);
  if (!pipeColumn) {
    throw new ApiError(
      502,
      'UNEXPECTED_TABLE',
      `${display(target)} has no column that names the pipe (its columns: ${columns.ok.map((c) => c.name).join(', ')})`,
    );
  }
  const sql = selectNewest(target, time, NEWEST_ROWS, {
    where: `toString(${quoteIdentifier(pipeColumn)}) = ${quoteString(pipe.id)}`,
  });
  const rows = await query(pipe.serviceId, sql, target, options);
  if (!('ok' in rows)) return rows.unavailable;
  return shown(sql, target, columns.ok, rows.ok, time);
}

async function errorsSection(pipe: PipeRecord, page: number, options: RunOptions): Promise<SectionResult> {
  const dest = destination(pipe)!;
  const target = { database: dest.database, table: `${dest.table}${ERROR_TABLE_SUFFIX}` };
  const columns = await describe(pipe.serviceId, target, options);
  if (!('ok' in columns)) return columns.unavailable;
  const time = newestColumn(columns.ok);
  // One row past the page says whether another page exists.
  const sql = selectNewest(target, time, ERROR_ROWS_PER_PAGE + 1, { offset: page * ERROR_ROWS_PER_PAGE });
  const rows = await query(pipe.serviceId, sql, target, options);
  if (!('ok' in rows)) return rows.unavailable;
  return shown(sql, target, columns.ok, rows.ok.slice(0, ERROR_ROWS_PER_PAGE), time, {
    page,
    more: rows.ok.length > ERROR_ROWS_PER_PAGE,
  });
}

async function rowsSection(pipe: PipeRecord, options: RunOptions): Promise<SectionResult> {
  const target = destination(pipe)!;
  const columns = await describe(pipe.serviceId, target, options);
  if (!('ok' in columns)) return columns.unavailable;
  const count = await query(
    pipe.serviceId,
    `SELECT count() AS rows FROM ${quoteTable(target.database, target.table)}`,
    target,
    options,
  );
  if (!('ok' in count)) return count.unavailable;
  const order = newestColumn(columns.ok, pipe.destination.tableDefinition?.sortingKey ?? []);
  const sql = selectNewest(target, order, NEWEST_ROWS);
  const rows = await query(pipe.serviceId, sql, target, options);
  if (!('ok' in rows)) return rows.unavailable;
  return shown(sql, target, columns.ok, rows.ok, order, { total: Number(count.ok[0]?.rows ?? 0) });
}

/** One section of a pipe's page, read from its service's own tables. */
export async function readSection(
  pipe: PipeRecord,
  section: DiagnosisSection,
  page: number,
  options: RunOptions = {},
): Promise<SectionResult> {
  const skipped = notApplicable(pipe);
  if (skipped) return skipped;
  try {
    if (section === 'log') return await logSection(pipe, options);
    if (section === 'errors') return await errorsSection(pipe, page, options);
    return await rowsSection(pipe, options);
  } catch (error) {
    if (error instanceof IdentifierError) throw new ApiError(422, 'UNQUERYABLE_NAME', error.message);
    throw error;
  }
}

/** The newest log line of each of `pipeIds` (failed pipes of one service), in one query; empty when it cannot be read. */
export async function newestReasons(
  serviceId: string,
  pipeIds: readonly string[],
): Promise<Record<string, FailureReason>> {
  if (pipeIds.length === 0) return {};
  const columns = await describe(serviceId, PIPE_LOG_TABLE, {});
  if (!('ok' in columns)) return {};
  const { pipe, time, message, level } = logColumns(columns.ok);
  if (!pipe || !message) return {};
  const at = time ? `, max(${quoteIdentifier(time)}) AS at` : '';
  const newest = (column: string) =>
    time ? `argMax(${quoteIdentifier(column)}, ${quoteIdentifier(time)})` : `any(${quoteIdentifier(column)})`;
  const sql =
    `SELECT toString(${quoteIdentifier(pipe)}) AS pipe, ${newest(message)} AS message${level ? `, ${newest(level)} AS level` : ''}${at}` +
    ` FROM ${quoteTable(PIPE_LOG_TABLE.database, PIPE_LOG_TABLE.table)}` +
    ` WHERE toString(${quoteIdentifier(pipe)}) IN (${pipeIds.map(quoteString).join(', ')}) GROUP BY pipe`;
  const rows = await query(serviceId, sql, PIPE_LOG_TABLE, {});
  if (!('ok' in rows)) return {};
  const reasons: Record<string, FailureReason> = {};
  for (const row of rows.ok) {
    if (typeof row.pipe !== 'string') continue;
    reasons[row.pipe] = {
      message: String(row.message ?? ''),
      ...(row.at === undefined ? {} : { at: String(row.at) }),
      ...(row.level === undefined ? {} : { level: String(row.level) }),
    };
  }
  return reasons;
}

/** Tests start from an empty column cache. */
export function forgetDescribedTables(): void {
  described.clear();
}
