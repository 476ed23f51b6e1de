import type { AuditPage, AuditRecord } from '@/lib/audit/events';
import { AUDIT_LIMITS, type AuditQuery } from '@/lib/schemas/audit';
import type { Queryable } from '../db/types';

/** Not `server-only`: the benchmark runs the Audit page's query as it is. */
interface AuditRow {
  id: string | number;
  at: Date | string;
  actor: string;
  actor_role: AuditRecord['actorRole'];
  auth_method: AuditRecord['authMethod'];
  operation: string;
  target_type: string | null;
  target_id: string | null;
  target_name: string | null;
  outcome: AuditRecord['outcome'];
  status: number;
  request_id: string;
  error_code: string | null;
  changes: string | null;
  client_address: string | null;
}

function toRecord(row: AuditRow): AuditRecord {
  return {
    id: String(row.id),
    at: (row.at instanceof Date ? row.at : new Date(row.at)).toISOString(),
    actor: row.actor,
    actorRole: row.actor_role,
    authMethod: row.auth_method,
    operation: row.operation,
    targetType: row.target_type,
    targetId: row.target_id,
    targetName: row.target_name,
    outcome: row.outcome,
    status: row.status,
    requestId: row.request_id,
    errorCode: row.error_code,
    changes: row.changes,
    clientAddress: row.client_address,
  };
}

/**
 * The filters as SQL: only the conditions in use, so each query can use its index (actor,
 * operation or time). Newest first is id order; `before` continues after the previous page.
 */
function whereClause(query: AuditQuery, before: string | undefined): { sql: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  if (query.user) add((p) => `actor = ${p}`, query.user);
  if (query.operation) add((p) => `operation = ${p}`, query.operation);
  if (query.from) add((p) => `at >= ${p}`, query.from);
  if (query.to) add((p) => `at < ${p}`, query.to);
  if (before) add((p) => `id < ${p}`, before);
  return { sql: conditions.length > 0 ? `where ${conditions.join(' and ')}` : '', params };
}

const COLUMNS =
  'id, at, actor, actor_role, auth_method, operation, target_type, target_id, target_name, outcome, status, request_id, error_code, changes, client_address';

export async function queryAuditEvents(db: Queryable, query: AuditQuery): Promise<AuditPage> {
  const limit = query.limit ? Number(query.limit) : AUDIT_LIMITS.pageSize;
  const where = whereClause(query, query.before);
  // One more than asked, to know whether an older page exists.
  const rows = await db.query<AuditRow>(
    `select ${COLUMNS} from audit_events ${where.sql} order by id desc limit $${where.params.length + 1}`,
    [...where.params, limit + 1],
  );
  const events = rows.slice(0, limit).map(toRecord);
  return { events, next: rows.length > limit ? (events.at(-1)?.id ?? null) : null };
}

/** Every event the filters match, newest first, a batch at a time (the CSV export streams them). */
export async function* auditEventsMatching(
  db: Queryable,
  query: AuditQuery,
  batchSize = 2_000,
): AsyncGenerator<AuditRecord[]> {
  let before = query.before;
  for (;;) {
    const page = await queryAuditEvents(db, { ...query, before, limit: String(batchSize) });
    if (page.events.length > 0) yield page.events;
    if (!page.next) return;
    before = page.next;
  }
}
