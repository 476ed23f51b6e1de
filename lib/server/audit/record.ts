import 'server-only';
import type { AuditRecord } from '@/lib/audit/events';
import { consoleDatabase } from '../db/shared';
import { writeBehind } from '../db/write-behind';
import { trackUntilShutdown } from '../lifecycle';
import { auditWriteFailures } from './metrics';

export type AuditEvent = Omit<AuditRecord, 'id' | 'at'>;

const MAX_TEXT = 500;

/** Bounds what any one column can hold, whatever an upstream or a form sent. */
function clip(value: string | null): string | null {
  return value === null ? null : value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT - 1)}…` : value;
}

/**
 * Writes one event. Never throws: the change it describes has already happened, so a failure
 * here is logged and counted (`sluice_audit_write_failures_total`), not passed on, and the event is
 * kept in memory and written again until the database takes it (an outage of the database loses
 * no event of a running console). A stopping server waits for it before it closes the database.
 */
export function recordAuditEvent(event: AuditEvent): Promise<void> {
  return trackUntilShutdown(writeAuditEvent({ ...event, at: new Date().toISOString() }));
}

/** An event with the moment it happened: one written late keeps its time. */
type TimedEvent = AuditEvent & { at: string };

async function insertAuditEvent(event: TimedEvent): Promise<void> {
  const db = await consoleDatabase();
  await db.query(
    `insert into audit_events (at, actor, actor_role, auth_method, operation, target_type, target_id, target_name, outcome,
       status, request_id, error_code, changes, client_address)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [
      event.at,
      clip(event.actor),
      event.actorRole,
      event.authMethod,
      clip(event.operation),
      event.targetType,
      clip(event.targetId),
      clip(event.targetName),
      event.outcome,
      event.status,
      event.requestId,
      clip(event.errorCode),
      clip(event.changes),
      clip(event.clientAddress),
    ],
  );
}

function unwritten() {
  return writeBehind<TimedEvent>({
    noun: 'audit event',
    insert: insertAuditEvent,
    describe: (event) => ({
      requestId: event.requestId,
      operation: event.operation,
      actor: event.actor,
      status: event.status,
    }),
    onFailure: () => auditWriteFailures.inc(),
  });
}

async function writeAuditEvent(event: TimedEvent): Promise<void> {
  await unwritten().write(event);
}

/** Writes the events kept while the database was away, in order (tests; the shutdown does it too). */
export function flushUnwritten(): Promise<void> {
  return unwritten().flush();
}

/** How many events wait for the database. */
export function unwrittenAuditEvents(): number {
  return unwritten().waiting;
}

/** The name a target had in the latest event that knew it: deletes carry no name of their own. */
export async function lastKnownTargetName(targetId: string): Promise<string | null> {
  try {
    const db = await consoleDatabase();
    const [row] = await db.query<{ target_name: string }>(
      'select target_name from audit_events where target_id = $1 and target_name is not null order by id desc limit 1',
      [targetId],
    );
    return row?.target_name ?? null;
  } catch {
    return null;
  }
}

type AccountEvent = Pick<
  AuditEvent,
  'actor' | 'actorRole' | 'authMethod' | 'operation' | 'status' | 'requestId' | 'clientAddress'
> &
  Partial<Pick<AuditEvent, 'errorCode'>>;

/** An event about a user's own session or account (sign-in, sign-out, password): no target, no fields. */
export function recordAccountEvent(event: AccountEvent): Promise<void> {
  return recordAuditEvent({
    targetType: null,
    targetId: null,
    targetName: null,
    changes: null,
    errorCode: null,
    outcome: event.status < 400 ? 'success' : 'failure',
    ...event,
  });
}
