import 'server-only';
import type { AuditRecord } from '@/lib/audit/events';
import { consoleDatabase } from '../db/shared';
import { onShutdown, trackUntilShutdown } from '../lifecycle';
import { log } from '../log';
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

async function writeAuditEvent(event: TimedEvent): Promise<void> {
  // Behind events still waiting for the database: they go first, in order.
  if (unwritten().events.length > 0) return keep(event, null);
  try {
    await insertAuditEvent(event);
  } catch (error) {
    keep(event, error);
  }
}

/** Past this many unwritten events (a long outage), the oldest are dropped with an error each. */
const MAX_UNWRITTEN = 10_000;
/** Waits between tries while the database is away: soon at first, then every few seconds. */
const RETRY_DELAYS_MS = [250, 500, 1_000, 2_000, 5_000];

interface Unwritten {
  events: TimedEvent[];
  timer?: NodeJS.Timeout;
  tries: number;
  flushing?: Promise<void>;
}

// On globalThis: one buffer per process, however often Next loads this module.
const UNWRITTEN = Symbol.for('sluice.audit-unwritten');
type Holder = { [UNWRITTEN]?: Unwritten };

function unwritten(): Unwritten {
  const holder = globalThis as Holder;
  if (!holder[UNWRITTEN]) {
    const state: Unwritten = { events: [], tries: 0 };
    holder[UNWRITTEN] = state;
    onShutdown('unwritten audit events', 'flush', () => flushUnwritten());
  }
  return holder[UNWRITTEN];
}

function keep(event: TimedEvent, error: unknown): void {
  const state = unwritten();
  if (error !== null) {
    auditWriteFailures.inc();
    log.error(
      {
        err: error,
        requestId: event.requestId,
        operation: event.operation,
        actor: event.actor,
        status: event.status,
        unwritten: state.events.length + 1,
      },
      'audit event could not be written yet; kept to be written again',
    );
  }
  if (state.events.length >= MAX_UNWRITTEN) {
    const dropped = state.events.shift();
    log.error(
      { requestId: dropped?.requestId, operation: dropped?.operation, actor: dropped?.actor },
      'audit event dropped: too many waiting for the database',
    );
  }
  state.events.push(event);
  schedule(state);
}

function schedule(state: Unwritten): void {
  if (state.timer || state.flushing) return;
  const delay = RETRY_DELAYS_MS[Math.min(state.tries, RETRY_DELAYS_MS.length - 1)] ?? 5_000;
  state.timer = setTimeout(() => {
    state.timer = undefined;
    void flushUnwritten();
  }, delay);
  state.timer.unref();
}

/** Writes the kept events in order until the database refuses one (tried again later) or none is left. */
export function flushUnwritten(): Promise<void> {
  const state = unwritten();
  state.flushing ??= (async () => {
    try {
      while (state.events.length > 0) {
        const event = state.events[0] as TimedEvent;
        try {
          await insertAuditEvent(event);
        } catch {
          state.tries += 1;
          return;
        }
        state.events.shift();
        state.tries = 0;
      }
      log.info('audit events kept while the database was away are written');
    } finally {
      state.flushing = undefined;
      if (state.events.length > 0) schedule(state);
    }
  })();
  return state.flushing;
}

/** How many events wait for the database (tests, and the fault bench through the log). */
export function unwrittenAuditEvents(): number {
  return unwritten().events.length;
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
