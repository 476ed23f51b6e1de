import 'server-only';
import { randomUUID } from 'node:crypto';
import type { CreateRuleInput, RuleEvent, RuleView, UpdateRuleInput } from '@/lib/schemas/notifications';
import type { Queryable } from '../db/types';
import { ApiError } from '../errors';

export interface RuleRow {
  id: string;
  name: string;
  event: RuleEvent;
  scope: string | null;
  threshold: number | null;
  for_minutes: number;
  channel_ids: string;
  enabled: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

export function ruleView(row: RuleRow): RuleView {
  const scope = row.scope ? (JSON.parse(row.scope) as RuleView['scope']) : undefined;
  return {
    id: row.id,
    name: row.name,
    event: row.event,
    ...(scope ? { scope } : {}),
    ...(row.threshold === null ? {} : { threshold: Number(row.threshold) }),
    forMinutes: row.for_minutes,
    channelIds: JSON.parse(row.channel_ids) as string[],
    enabled: row.enabled,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export async function listRules(db: Queryable): Promise<RuleRow[]> {
  return db.query<RuleRow>('select * from notify_rules order by created_at, name');
}

export async function requireRule(db: Queryable, id: string): Promise<RuleRow> {
  const row = (await db.query<RuleRow>('select * from notify_rules where id = $1', [id]))[0];
  if (!row) throw new ApiError(404, 'NOT_FOUND', `No notification rule ${id}`);
  return row;
}

/** Every channel a rule names must exist: 400 naming the first unknown one. */
export async function checkChannelIds(db: Queryable, ids: readonly string[]): Promise<void> {
  const known = new Set((await db.query<{ id: string }>('select id from notify_channels')).map((row) => row.id));
  const index = ids.findIndex((id) => !known.has(id));
  if (index >= 0) {
    const message = `No notification channel ${ids[index]}`;
    throw new ApiError(400, 'VALIDATION_FAILED', `Request body is invalid: channelIds.${index}: ${message}`, {
      fields: [{ path: `channelIds.${index}`, message }],
    });
  }
}

const scopeText = (scope: CreateRuleInput['scope']) =>
  scope && ((scope.serviceIds?.length ?? 0) > 0 || (scope.pipeIds?.length ?? 0) > 0) ? JSON.stringify(scope) : null;

export async function createRule(db: Queryable, input: CreateRuleInput): Promise<RuleRow> {
  const rows = await db.query<RuleRow>(
    `insert into notify_rules (id, name, event, scope, threshold, for_minutes, channel_ids, enabled)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning *`,
    [
      randomUUID(),
      input.name,
      input.event,
      scopeText(input.scope),
      input.threshold ?? null,
      input.forMinutes ?? 0,
      JSON.stringify(input.channelIds),
      input.enabled ?? true,
    ],
  );
  return rows[0]!;
}

export async function updateRule(db: Queryable, id: string, input: UpdateRuleInput): Promise<RuleRow> {
  const row = await requireRule(db, id);
  const rows = await db.query<RuleRow>(
    `update notify_rules set name = $2, event = $3, scope = $4, threshold = $5, for_minutes = $6, channel_ids = $7, enabled = $8, updated_at = now()
     where id = $1 returning *`,
    [
      id,
      input.name ?? row.name,
      input.event ?? row.event,
      input.scope !== undefined ? scopeText(input.scope) : row.scope,
      input.threshold !== undefined ? input.threshold : row.threshold,
      input.forMinutes ?? row.for_minutes,
      input.channelIds ? JSON.stringify(input.channelIds) : row.channel_ids,
      input.enabled ?? row.enabled,
    ],
  );
  return rows[0]!;
}

export async function deleteRule(db: Queryable, id: string): Promise<RuleRow> {
  const row = await requireRule(db, id);
  await db.query('delete from notify_rules where id = $1', [id]);
  // Its open incidents close quietly: nobody asked for them any more.
  await db.query(
    "update notify_incidents set state = 'resolved', resolved_at = now(), resolved_queued = true where rule_id = $1 and state = 'open'",
    [id],
  );
  return row;
}
