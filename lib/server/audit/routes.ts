import 'server-only';
import { safeParse } from 'zod/v4/core';
import { auditQueryInput, auditQuerySchema, type AuditQuery } from '@/lib/schemas/audit';
import { consoleDatabase } from '../db/shared';
import { jsonResponse, validationError } from '../errors';
import { log } from '../log';
import { AUDIT_CSV_HEADER, auditCsvRow } from './csv';
import { auditEventsMatching, queryAuditEvents } from './query';

function parseQuery(request: Request): AuditQuery {
  const parsed = safeParse(auditQuerySchema, auditQueryInput(new URL(request.url).searchParams));
  if (!parsed.success) throw validationError(parsed.error, 'Audit log query');
  return parsed.data;
}

/** `GET /api/audit`: a page of events, newest first, with the filters of the Audit page. */
export async function auditPage(request: Request): Promise<Response> {
  return jsonResponse(await queryAuditEvents(await consoleDatabase(), parseQuery(request)));
}

/** `GET /api/audit/export`: every event the filters match, as CSV, streamed in batches. */
export async function auditExport(request: Request, requestId: string): Promise<Response> {
  const query = parseQuery(request);
  const db = await consoleDatabase();
  const batches = auditEventsMatching(db, { ...query, limit: undefined });
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // A byte-order mark, so spreadsheets read the names as UTF-8.
      controller.enqueue(encoder.encode(`\uFEFF${AUDIT_CSV_HEADER}`));
    },
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value.map(auditCsvRow).join('')));
      } catch (error) {
        log.error({ err: error, requestId }, 'audit export failed part way');
        controller.error(error);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  const stamp = new Date().toISOString().slice(0, 19).replaceAll(':', '-');
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="sluice-audit-${stamp}.csv"`,
      'cache-control': 'no-store',
    },
  });
}
