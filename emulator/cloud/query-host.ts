import { HttpError, MalformedBodyError } from '../http/errors';
import { json, raw, text, type Reply } from '../http/respond';
import type { RequestContext } from '../server';
import type { ApiKey } from '../state';
import { authenticate } from './auth';

/**
 * The query host (`POST /service/{serviceId}/run?format=…`), served on the cloud surface's port: an
 * organization API key listed in the service's query endpoint runs SQL on the service's embedded
 * engine. As the vendor's CLI meets it: Basic auth with `auth-provider: custom` and
 * `x-service-type: clickhouse`; body `{runId, sql, database?}`; 200 with the raw result in the asked
 * format; 206 `{"data": …}` for an idle or stopped service; a statement ClickHouse refuses answers
 * ClickHouse's HTTP status for its code with `{"error": {"code": "<n>", "details": "Code: n. DB::Exception: …"}}`.
 * Failures before the statement (headers, credentials, authorization, body) are plain text.
 */
export const QUERY_HOST_PATH = /^\/service\/([^/]+)\/run\/?$/;

const plain = (status: number, message: string) => text(message, status);

/** ClickHouse's HTTP interface: the status it answers for an exception code (its exceptionCodeToHTTPStatus). */
// CANNOT_PARSE_*, UNKNOWN_ELEMENT_IN_AST, UNKNOWN_TYPE_OF_AST_NODE, TOO_DEEP_AST, TOO_BIG_AST, UNEXPECTED_AST_STRUCTURE, SYNTAX_ERROR, INCORRECT_DATA, TYPE_MISMATCH
const BAD_REQUEST_CODES = new Set([6, 25, 26, 27, 38, 41, 72, 37, 123, 167, 168, 223, 62, 117, 53]);
// UNKNOWN_TABLE, _FUNCTION, _IDENTIFIER, _TYPE, _STORAGE, _DATABASE, _SETTING, _DIRECTION_OF_SORTING, _AGGREGATE_FUNCTION, _FORMAT, _DATABASE_ENGINE, _TYPE_OF_QUERY
const NOT_FOUND_CODES = new Set([60, 46, 47, 50, 56, 81, 115, 152, 63, 73, 336, 78]);
export function statusForCode(code: number): number {
  if (code === 194) return 401; // REQUIRED_PASSWORD
  if (code === 192 || code === 193 || code === 516) return 403; // UNKNOWN_USER, WRONG_PASSWORD, AUTHENTICATION_FAILED
  if (BAD_REQUEST_CODES.has(code)) return 400;
  if (NOT_FOUND_CODES.has(code)) return 404;
  if (code === 229) return 413; // QUERY_IS_TOO_LARGE
  if (code === 48) return 501; // NOT_IMPLEMENTED
  if (code === 209 || code === 76) return 503; // SOCKET_TIMEOUT, CANNOT_OPEN_FILE
  if (code === 381) return 411; // HTTP_LENGTH_REQUIRED
  if (code === 159) return 408; // TIMEOUT_EXCEEDED
  // READONLY (164) among them: ClickHouse answers a write refused in readonly mode with 500.
  return 500;
}

/** The content type ClickHouse sends for a result format. */
export function contentTypeFor(format: string): string {
  if (format === 'JSONEachRow' || format === 'NDJSON' || format === 'JSONLines')
    return 'application/x-ndjson; charset=UTF-8';
  if (format.startsWith('JSON')) return 'application/json; charset=UTF-8';
  if (format.startsWith('CSV')) return 'text/csv; charset=UTF-8; header=absent';
  if (format.startsWith('TabSeparated') || format.startsWith('TSV')) return 'text/tab-separated-values; charset=UTF-8';
  return 'text/plain; charset=UTF-8';
}

interface RunBody {
  runId: string;
  sql: string;
  database?: string;
}

function parseBody(ctx: RequestContext): RunBody {
  let body: unknown;
  try {
    body = ctx.readJson();
  } catch (error) {
    if (error instanceof MalformedBodyError) throw new HttpError(400, 'The request body is not valid JSON');
    throw error;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new HttpError(400, 'The request body must be a JSON object with runId and sql');
  const { runId, sql, database } = body as Record<string, unknown>;
  if (typeof runId !== 'string' || runId === '') throw new HttpError(400, 'runId is required');
  if (typeof sql !== 'string' || sql.trim() === '') throw new HttpError(400, 'sql is required');
  if (database !== undefined && (typeof database !== 'string' || database === ''))
    throw new HttpError(400, 'database must be a non-empty string');
  return { runId, sql, database: database as string | undefined };
}

export async function handleQueryHost(ctx: RequestContext, serviceId: string): Promise<Reply> {
  try {
    if (ctx.method !== 'POST') throw new HttpError(405, 'Only POST is supported');
    const headers = ctx.req.headers;
    if (headers['x-service-type'] !== 'clickhouse')
      throw new HttpError(400, 'Missing or unsupported x-service-type header: expected clickhouse');
    if (headers['auth-provider'] !== 'custom')
      throw new HttpError(400, 'Missing or unsupported auth-provider header: expected custom for an API key');
    let key: ApiKey;
    try {
      key = authenticate(ctx);
    } catch (error) {
      if (error instanceof HttpError) throw new HttpError(401, 'Invalid credentials');
      throw error;
    }
    const service = ctx.state.services.get(serviceId);
    const endpoint = service && ctx.state.queryEndpoints.get(service.id);
    if (!service) throw new HttpError(404, 'Service not found');
    if (!endpoint || !endpoint.openApiKeys.includes(key.id))
      throw new HttpError(403, 'The API key is not authorized to query this service');
    const body = parseBody(ctx);

    if (service.state === 'stopped' || service.state === 'stopping') return json({ data: 'Service is stopped' }, 206);
    if (service.state === 'idle') {
      if (headers['wake-service'] !== 'true') return json({ data: 'Confirm wake service' }, 206);
      service.state = 'running';
    }

    const tables = ctx.tables;
    if (!tables || !(await tables.engine.available())) {
      throw new HttpError(
        503,
        'This emulator runs without a query engine (queryEngine: false, or chdb is not installed)',
      );
    }
    await tables.catchUp().catch(() => undefined);
    const format = ctx.query.get('format') || 'TabSeparated';
    const answer = await tables.engine.run(body.sql, {
      format,
      database: body.database ?? 'default',
      readonly: !endpoint.roles.includes('sql_console_admin'),
    });
    if (answer.ok) return raw(answer.text, contentTypeFor(format), 200, { 'X-ClickHouse-Format': format });
    if (answer.code === 0) throw new HttpError(500, answer.message);
    return json({ error: { code: String(answer.code), details: answer.message } }, statusForCode(answer.code), {
      'X-ClickHouse-Exception-Code': answer.code,
    });
  } catch (error) {
    if (error instanceof HttpError) return plain(error.status, error.message);
    throw error;
  }
}
