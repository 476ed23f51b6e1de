import 'server-only';
import { createHash, randomUUID } from 'node:crypto';
import type { NotificationState } from '@/lib/schemas/notifications';
import type { Queryable } from '../db/types';
import { notificationIncidents } from '../metrics';
import type { Condition, ConditionDetails } from './evaluate';
import { notificationBody } from './messages';
import { enqueueDelivery } from './outbox';
import type { RuleRow } from './rules';

/**
 * Incidents: a condition that holds opens one (one "firing" message per channel), reminds while it
 * stays open, and closes with one "resolved" message. The rows carry the progress, so a console
 * that takes over from a stopped one neither repeats a message nor loses one: delivery ids come
 * from the incident, the channel and the message, and a repeat of the same id is dropped.
 */
interface IncidentRow {
  id: string;
  rule_id: string;
  subject: string;
  details: string;
  opened_at: Date | string;
  reminded_at: Date | string | null;
  firing_queued: boolean;
}

interface StoredDetails {
  details: ConditionDetails;
  reason?: string;
}

export interface IncidentContext {
  now: Date;
  remindAfterMs: number;
  baseUrl: string;
  /** Rules whose conditions could not be judged this round: their open incidents stay as they are. */
  unjudged?: ReadonlySet<string>;
  /** The newest log line of failed pipes, where it can be read; never throws. */
  reasons?: (serviceId: string, pipeIds: string[]) => Promise<Record<string, string>>;
}

export interface IncidentChanges {
  opened: number;
  reminded: number;
  resolved: number;
}

/** A delivery id that is the same every time the same message is queued (uuid-shaped). */
export function deliveryId(incidentId: string, channelId: string, message: string): string {
  const hex = createHash('sha256').update(`${incidentId}|${channelId}|${message}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

async function queueFor(
  db: Queryable,
  rule: RuleRow,
  incident: { id: string; stored: StoredDetails },
  state: NotificationState,
  message: string,
  context: IncidentContext,
): Promise<void> {
  const body = notificationBody({
    event: rule.event,
    state,
    occurredAt: context.now,
    details: incident.stored.details,
    ...(incident.stored.reason && state !== 'resolved' ? { reason: incident.stored.reason } : {}),
    ...(rule.threshold === null ? {} : { threshold: Number(rule.threshold) }),
    baseUrl: context.baseUrl,
  });
  const payload = JSON.stringify(body);
  for (const channelId of JSON.parse(rule.channel_ids) as string[]) {
    await enqueueDelivery(db, {
      id: deliveryId(incident.id, channelId, message),
      incidentId: incident.id,
      channelId,
      event: rule.event,
      state,
      payload,
    });
  }
}

export async function applyConditions(
  db: Queryable,
  rules: readonly RuleRow[],
  conditions: readonly Condition[],
  context: IncidentContext,
): Promise<IncidentChanges> {
  const changes: IncidentChanges = { opened: 0, reminded: 0, resolved: 0 };
  const ruleById = new Map(rules.map((rule) => [rule.id, rule]));
  const open = await db.query<IncidentRow>("select * from notify_incidents where state = 'open'");
  const openByKey = new Map(open.map((row) => [`${row.rule_id}|${row.subject}`, row]));
  const active = new Set<string>();

  const fresh: Array<{ condition: Condition; rule: RuleRow }> = [];
  for (const condition of conditions) {
    const key = `${condition.ruleId}|${condition.subject}`;
    active.add(key);
    const rule = ruleById.get(condition.ruleId);
    if (rule && !openByKey.has(key)) fresh.push({ condition, rule });
  }

  // The reason a pipe failed, read once for all the pipes that failed this round.
  const reasons: Record<string, string> = {};
  const failed = fresh.filter(({ rule, condition }) => rule.event === 'pipe_failed' && condition.details.pipe);
  if (failed.length > 0 && context.reasons) {
    const byService = new Map<string, string[]>();
    for (const { condition } of failed)
      byService.set(condition.details.pipe!.serviceId, [
        ...(byService.get(condition.details.pipe!.serviceId) ?? []),
        condition.details.pipe!.id,
      ]);
    for (const [serviceId, pipeIds] of byService) Object.assign(reasons, await context.reasons(serviceId, pipeIds));
  }

  for (const { condition, rule } of fresh) {
    const stored: StoredDetails = {
      details: condition.details,
      ...(condition.details.pipe && reasons[condition.details.pipe.id]
        ? { reason: reasons[condition.details.pipe.id] }
        : {}),
    };
    const rows = await db.query<IncidentRow>(
      `insert into notify_incidents (id, rule_id, subject, state, details, opened_at) values ($1, $2, $3, 'open', $4, $5)
       on conflict (rule_id, subject) where state = 'open' do nothing returning *`,
      [randomUUID(), rule.id, condition.subject, JSON.stringify(stored), context.now],
    );
    if (rows[0]) {
      open.push(rows[0]);
      changes.opened += 1;
      notificationIncidents.inc({ event: rule.event, state: 'firing' });
    }
  }

  for (const incident of open) {
    const rule = ruleById.get(incident.rule_id);
    const key = `${incident.rule_id}|${incident.subject}`;
    const stored = JSON.parse(incident.details) as StoredDetails;
    if (!rule) continue;
    if (!incident.firing_queued) {
      await queueFor(db, rule, { id: incident.id, stored }, 'firing', 'firing', context);
      await db.query('update notify_incidents set firing_queued = true where id = $1', [incident.id]);
    }
    if (active.has(key) || context.unjudged?.has(rule.id)) {
      const since = new Date(incident.reminded_at ?? incident.opened_at).getTime();
      if (active.has(key) && context.now.getTime() - since >= context.remindAfterMs) {
        const claimed = await db.query(
          'update notify_incidents set reminded_at = $2 where id = $1 and coalesce(reminded_at, opened_at) = $3 returning id',
          [incident.id, context.now, new Date(since)],
        );
        if (claimed.length > 0) {
          await queueFor(
            db,
            rule,
            { id: incident.id, stored },
            'reminder',
            `reminder@${context.now.toISOString()}`,
            context,
          );
          changes.reminded += 1;
          notificationIncidents.inc({ event: rule.event, state: 'reminder' });
        }
      }
      continue;
    }
    const closed = await db.query(
      "update notify_incidents set state = 'resolved', resolved_at = $2 where id = $1 and state = 'open' returning id",
      [incident.id, context.now],
    );
    if (closed.length === 0) continue;
    await queueFor(db, rule, { id: incident.id, stored }, 'resolved', 'resolved', context);
    await db.query('update notify_incidents set resolved_queued = true where id = $1', [incident.id]);
    changes.resolved += 1;
    notificationIncidents.inc({ event: rule.event, state: 'resolved' });
  }

  // A console that stopped between closing an incident and queueing its "resolved" left it closed
  // and unannounced: queued here, as of when it closed (the same delivery id, so at most once).
  const unannounced = await db.query<IncidentRow & { resolved_at: Date | string }>(
    "select * from notify_incidents where state = 'resolved' and not resolved_queued",
  );
  for (const incident of unannounced) {
    const rule = ruleById.get(incident.rule_id);
    if (!rule) continue;
    const stored = JSON.parse(incident.details) as StoredDetails;
    await queueFor(db, rule, { id: incident.id, stored }, 'resolved', 'resolved', {
      ...context,
      now: new Date(incident.resolved_at),
    });
    await db.query('update notify_incidents set resolved_queued = true where id = $1', [incident.id]);
  }
  return changes;
}
