import { z } from 'zod';
import { HttpError } from '../http/errors';
import { json } from '../http/respond';
import { validate } from '../observability/schemas';
import { ChartQueryError, compileWhere } from './charts/engine';
import { lowerBound, resolveColumn, type EventTable } from './charts/events';
import { parseWhere, WhereSyntaxError } from './charts/where';
import { API, bodyInvalid, type OssContext, type OssRouter } from './context';

/**
 * `POST /api/v2/search`: the latest events of a source, newest first (the README's upstream
 * facts). Rows carry the requested columns, or the source's default ones.
 */

const DEFAULT_WINDOW_MS = 15 * 60_000;
const DEFAULT_SELECT = {
  log: 'Timestamp, ServiceName, SeverityText, Body',
  trace: 'Timestamp, ServiceName, SpanName, Duration, StatusCode',
} as const;

const searchBody = z.object({
  sourceId: z.string().regex(/^[0-9a-f]{24}$/i, { error: 'Invalid ObjectId' }),
  startTime: z.iso.datetime({ offset: true }).optional(),
  endTime: z.iso.datetime({ offset: true }).optional(),
  where: z.string().max(8192).optional().default(''),
  whereLanguage: z.enum(['lucene', 'sql']).optional().default('lucene'),
  select: z.string().max(4096).optional().default(''),
  orderBy: z.string().max(1024).optional(),
  maxResults: z.int().min(1).max(2000).optional().default(100),
  offset: z.int().min(0).max(10_000).optional().default(0),
});

const failure = (status: number, message: string) => new HttpError(status, message, { json: { message } });

function cell(table: EventTable, name: string, i: number): string | number {
  if (name === 'Timestamp' || name === 'timestamp') return new Date(table.timestamps[i]!).toISOString();
  const col = resolveColumn(table, name)!;
  return col.type === 'string' ? col.dict[col.codes[i]!]! : col.values[i]!;
}

function search(ctx: OssContext) {
  const result = validate(searchBody, ctx.readJson());
  if (!result.ok) throw bodyInvalid(result.issues);
  const body = result.value;
  const source = ctx.state.oss.sources.find((s) => s.id === body.sourceId);
  if (!source) throw failure(404, 'Source not found');
  const end = body.endTime ? Date.parse(body.endTime) : Date.now();
  const start = body.startTime ? Date.parse(body.startTime) : end - DEFAULT_WINDOW_MS;
  if (!(start < end)) throw failure(400, 'startTime must be before endTime');
  if (source.kind !== 'log' && source.kind !== 'trace') return { data: [], rows: 0 };
  if (body.whereLanguage === 'sql' && body.where.trim())
    throw failure(400, 'The emulator searches with Lucene syntax only');
  const table = ctx.state.charts.table(source.kind);
  const columns = (body.select.trim() || DEFAULT_SELECT[source.kind])
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  const unknown = columns.find((c) => c !== 'Timestamp' && c !== 'timestamp' && !resolveColumn(table, c));
  if (unknown) throw failure(400, `Unknown column "${unknown}"`);
  const ascending = /\basc\s*$/i.test(body.orderBy ?? '');
  try {
    const matches = compileWhere(table, parseWhere(body.where));
    const lo = lowerBound(table.timestamps, start);
    const hi = lowerBound(table.timestamps, end);
    const rows: Record<string, string | number>[] = [];
    let skipped = 0;
    for (let k = 0; k < hi - lo && rows.length < body.maxResults; k++) {
      const i = ascending ? lo + k : hi - 1 - k;
      if (matches && !matches(i)) continue;
      if (skipped++ < body.offset) continue;
      rows.push(Object.fromEntries(columns.map((c) => [c, cell(table, c, i)])));
    }
    return { data: rows, rows: rows.length };
  } catch (error) {
    if (error instanceof WhereSyntaxError || error instanceof ChartQueryError) throw failure(400, error.message);
    throw error;
  }
}

export function registerSearchRoutes(router: OssRouter): void {
  router.post(`${API}/search`, (ctx) => json(search(ctx)));
}
