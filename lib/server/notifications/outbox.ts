import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/types';
import { log } from '../log';
import { notificationAttempts } from '../metrics';
import { retryDelayMs, stillRetrying } from './backoff';
import { channelTarget, noteChannelOutcome, type ChannelRow } from './channels';
import { sendDelivery, type SendOutcome } from './send';

/**
 * The outbox: every message is a row first and is sent after, so nothing is lost when a console
 * stops (at least once: a receiver drops repeats by `X-Sluice-Delivery`). A sender claims due rows
 * for a while; a claim that lapses (its console stopped mid-delivery) makes the row due again.
 */
const CLAIM_SECONDS = 60;
const BATCH = 20;

interface DueRow {
  id: string;
  event: string;
  channel_id: string;
  payload: string;
  attempts: number;
  created_at: Date | string;
}

export async function enqueueDelivery(
  db: Queryable,
  delivery: { id?: string; incidentId?: string; channelId: string; event: string; state: string; payload: string },
): Promise<string> {
  const id = delivery.id ?? randomUUID();
  await db.query(
    `insert into notify_deliveries (id, incident_id, channel_id, event, state, payload, status) values ($1, $2, $3, $4, $5, $6, 'pending')
     on conflict (id) do nothing`,
    [id, delivery.incidentId ?? null, delivery.channelId, delivery.event, delivery.state, delivery.payload],
  );
  return id;
}

/** Takes up to a batch of due deliveries for this sender; no two senders take the same row. */
async function claimDue(db: Queryable): Promise<DueRow[]> {
  return db.query<DueRow>(
    `update notify_deliveries set status = 'sending', claimed_until = now() + make_interval(secs => $1), attempts = attempts + 1
     where id in (
       select id from notify_deliveries
       where (status = 'pending' and next_attempt_at <= now()) or (status = 'sending' and claimed_until < now())
       order by next_attempt_at limit $2 for update skip locked
     )
     returning id, event, channel_id, payload, attempts, created_at`,
    [CLAIM_SECONDS, BATCH],
  );
}

async function attempt(db: Queryable, row: DueRow): Promise<SendOutcome> {
  const channel = (await db.query<ChannelRow>('select * from notify_channels where id = $1', [row.channel_id]))[0];
  const started = performance.now();
  let outcome: SendOutcome;
  if (!channel) outcome = { ok: false, error: 'The channel was deleted' };
  else {
    try {
      outcome = await sendDelivery(db, channelTarget(channel), { id: row.id, event: row.event }, row.payload);
    } catch (error) {
      outcome = { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }
  const durationMs = Math.round(performance.now() - started);
  await db.query(
    'insert into notify_attempts (delivery_id, outcome, duration_ms, response_code, error) values ($1, $2, $3, $4, $5)',
    [
      row.id,
      outcome.ok ? 'delivered' : 'failed',
      durationMs,
      outcome.responseCode ?? null,
      outcome.error?.slice(0, 500) ?? null,
    ],
  );
  notificationAttempts.inc({ channel: channel?.type ?? 'deleted', outcome: outcome.ok ? 'delivered' : 'failed' });
  if (outcome.ok) {
    await db.query(
      "update notify_deliveries set status = 'delivered', delivered_at = now(), claimed_until = null, last_error = null where id = $1",
      [row.id],
    );
  } else {
    const delay = retryDelayMs(row.attempts);
    const retry = channel !== undefined && stillRetrying(new Date(row.created_at).getTime(), Date.now() + delay);
    await db.query(
      `update notify_deliveries set status = $2, claimed_until = null, last_error = $3, next_attempt_at = now() + make_interval(secs => $4) where id = $1`,
      [row.id, retry ? 'pending' : 'failed', outcome.error?.slice(0, 500) ?? null, delay / 1000],
    );
    if (!retry) log.warn({ deliveryId: row.id, channelId: row.channel_id }, 'notification delivery given up');
  }
  if (channel && channel.type !== 'console') await noteChannelOutcome(db, channel.id, outcome.ok, outcome.error);
  return outcome;
}

/** One delivery, now (a channel's test): claimed like any other, so no other sender takes it meanwhile. */
export async function sendNow(
  db: Queryable,
  id: string,
): Promise<{ delivered: boolean; responseCode?: number; error?: string }> {
  const claimed = await db.query<DueRow>(
    `update notify_deliveries set status = 'sending', claimed_until = now() + make_interval(secs => $2), attempts = attempts + 1
     where id = $1 and status = 'pending' returning id, event, channel_id, payload, attempts, created_at`,
    [id, CLAIM_SECONDS],
  );
  if (!claimed[0]) return { delivered: false, error: 'Another console is sending it' };
  const outcome = await attempt(db, claimed[0]);
  return {
    delivered: outcome.ok,
    ...(outcome.responseCode ? { responseCode: outcome.responseCode } : {}),
    ...(outcome.error ? { error: outcome.error } : {}),
  };
}

/**
 * Sends what is due, each delivery on its own (a receiver that hangs holds up only its own),
 * until nothing is due. Returns how many were tried.
 */
export async function drainOutbox(db: Queryable): Promise<number> {
  let tried = 0;
  for (;;) {
    const due = await claimDue(db);
    if (due.length === 0) return tried;
    tried += due.length;
    await Promise.all(
      due.map((row) =>
        attempt(db, row).catch((error: unknown) => {
          log.error({ err: error, deliveryId: row.id }, 'notification delivery could not be recorded');
        }),
      ),
    );
  }
}

/** "Retry now": due at once, whatever its back-off said (a delivery given up included). */
export async function retryNow(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    "update notify_deliveries set status = 'pending', next_attempt_at = now(), claimed_until = null where id = $1 and status <> 'delivered' returning id",
    [id],
  );
  return rows.length > 0;
}
