import 'server-only';
import type { SessionUser } from '@/lib/auth/roles';
import type {
  CreateChannelInput,
  CreateRuleInput,
  DeliveryView,
  InboxMessage,
  NotificationState,
  UpdateChannelInput,
  UpdateRuleInput,
} from '@/lib/schemas/notifications';
import { consoleDatabase } from '../db/shared';
import { consoleContext } from '../env';
import { ApiError, jsonResponse } from '../errors';
import { cloudApi } from '../upstream/typed';
import type { AuditNotes } from '../audit/trail';
import { channelView, createChannel, deleteChannel, listChannels, requireChannel, updateChannel } from './channels';
import { notificationBody } from './messages';
import { enqueueDelivery, retryNow, sendNow } from './outbox';
import { checkChannelIds, createRule, deleteRule, listRules, requireRule, ruleView, updateRule } from './rules';
import { notificationEngine } from './service';
import { publicBaseUrl } from './settings';

const NO_STORE = { 'cache-control': 'no-store' };

export async function channelsList(): Promise<Response> {
  return jsonResponse({ data: (await listChannels(await consoleDatabase())).map(channelView) }, 200, NO_STORE);
}

export async function channelCreate(input: CreateChannelInput): Promise<Response> {
  return jsonResponse({ data: channelView(await createChannel(await consoleDatabase(), input)) }, 201);
}

export async function channelUpdate(id: string, input: UpdateChannelInput): Promise<Response> {
  return jsonResponse({ data: channelView(await updateChannel(await consoleDatabase(), id, input)) });
}

export async function channelDelete(id: string, audit: AuditNotes): Promise<Response> {
  const row = await deleteChannel(await consoleDatabase(), id);
  audit.targetName = row.name;
  return jsonResponse({ data: { id } });
}

/** "Send a test": queued like any message (so it is logged and retried) and tried at once; the answer says how it went. */
export async function channelTest(id: string): Promise<Response> {
  const db = await consoleDatabase();
  const channel = await requireChannel(db, id);
  const body = notificationBody({
    event: 'test',
    state: 'test',
    occurredAt: new Date(),
    details: {},
    baseUrl: publicBaseUrl(),
  });
  const deliveryId = await enqueueDelivery(db, {
    channelId: channel.id,
    event: 'test',
    state: 'test',
    payload: JSON.stringify(body),
  });
  const outcome = await sendNow(db, deliveryId);
  return jsonResponse({ data: { deliveryId, channelId: id, ...outcome } });
}

/** Every pipe and service a rule's scope names must exist (400 naming the first that does not). */
async function checkScope(scope: CreateRuleInput['scope']): Promise<void> {
  if (!scope?.serviceIds?.length && !scope?.pipeIds?.length) return;
  const { organizationId, serviceId } = consoleContext();
  const services = await cloudApi.request('get', '/v1/organizations/{organizationId}/services', {
    params: { organizationId },
  });
  const known = new Set((services.result ?? []).map((service) => service.id));
  const unknownService = scope.serviceIds?.findIndex((id) => !known.has(id)) ?? -1;
  if (unknownService >= 0) {
    const message = `No service ${scope.serviceIds![unknownService]} in this organization`;
    throw new ApiError(
      400,
      'VALIDATION_FAILED',
      `Request body is invalid: scope.serviceIds.${unknownService}: ${message}`,
      {
        fields: [{ path: `scope.serviceIds.${unknownService}`, message }],
      },
    );
  }
  if (!scope.pipeIds?.length) return;
  const pipes = new Set<string>();
  for (const id of new Set([serviceId, ...(scope.serviceIds ?? [])])) {
    const listed = await cloudApi.request('get', '/v1/organizations/{organizationId}/services/{serviceId}/clickpipes', {
      params: { organizationId, serviceId: id },
    });
    for (const pipe of listed.result ?? []) if (pipe.id) pipes.add(pipe.id);
  }
  const unknownPipe = scope.pipeIds.findIndex((id) => !pipes.has(id));
  if (unknownPipe >= 0) {
    const message = `No pipe ${scope.pipeIds[unknownPipe]} in the console's service${scope.serviceIds?.length ? ' or the services named' : ''}`;
    throw new ApiError(400, 'VALIDATION_FAILED', `Request body is invalid: scope.pipeIds.${unknownPipe}: ${message}`, {
      fields: [{ path: `scope.pipeIds.${unknownPipe}`, message }],
    });
  }
}

export async function rulesList(): Promise<Response> {
  return jsonResponse({ data: (await listRules(await consoleDatabase())).map(ruleView) }, 200, NO_STORE);
}

export async function ruleCreate(input: CreateRuleInput): Promise<Response> {
  const db = await consoleDatabase();
  await checkChannelIds(db, input.channelIds);
  await checkScope(input.scope);
  return jsonResponse({ data: ruleView(await createRule(db, input)) }, 201);
}

export async function ruleUpdate(id: string, input: UpdateRuleInput): Promise<Response> {
  const db = await consoleDatabase();
  await requireRule(db, id);
  if (input.channelIds) await checkChannelIds(db, input.channelIds);
  if (input.scope) await checkScope(input.scope);
  return jsonResponse({ data: ruleView(await updateRule(db, id, input)) });
}

export async function ruleDelete(id: string, audit: AuditNotes): Promise<Response> {
  const row = await deleteRule(await consoleDatabase(), id);
  audit.targetName = row.name;
  return jsonResponse({ data: { id } });
}

interface MessageRow {
  id: string | number;
  at: Date | string;
  event: string;
  state: NotificationState;
  title: string;
  body: string | null;
  pipe_id: string | null;
  service_id: string | null;
  read: boolean;
}

/** The centre's newest messages for the signed-in user, and how many of them are unread. */
export async function inbox(user: SessionUser): Promise<Response> {
  const db = await consoleDatabase();
  const rows = await db.query<MessageRow>(
    `select m.*, (r.message_id is not null) as read from notify_messages m
     left join notify_reads r on r.message_id = m.id and r.user_name = $1
     order by m.id desc limit 100`,
    [user.name],
  );
  const data: InboxMessage[] = rows.map((row) => ({
    id: Number(row.id),
    at: new Date(row.at).toISOString(),
    event: row.event,
    state: row.state,
    title: row.title,
    ...(row.body ? { body: row.body } : {}),
    ...(row.pipe_id ? { pipeId: row.pipe_id } : {}),
    ...(row.service_id ? { serviceId: row.service_id } : {}),
    read: row.read,
  }));
  return jsonResponse({ data, unread: data.filter((message) => !message.read).length }, 200, NO_STORE);
}

export async function markRead(user: SessionUser, input: { ids?: number[]; all?: boolean }): Promise<Response> {
  if (!input.all && !input.ids?.length) {
    throw new ApiError(
      400,
      'VALIDATION_FAILED',
      'Request body is invalid: ids: Name the messages to mark read, or send "all": true',
      {
        fields: [{ path: 'ids', message: 'Name the messages to mark read, or send "all": true' }],
      },
    );
  }
  const db = await consoleDatabase();
  if (input.all) {
    await db.query(
      'insert into notify_reads (user_name, message_id) select $1, id from notify_messages on conflict do nothing',
      [user.name],
    );
  } else {
    await db.query(
      'insert into notify_reads (user_name, message_id) select $1, id from notify_messages where id = any($2::bigint[]) on conflict do nothing',
      [user.name, input.ids],
    );
  }
  return inbox(user);
}

interface DeliveryRow {
  id: string;
  channel_id: string;
  channel_name: string | null;
  event: string;
  state: NotificationState;
  payload: string;
  status: DeliveryView['status'];
  next_attempt_at: Date | string;
  created_at: Date | string;
  delivered_at: Date | string | null;
  last_error: string | null;
}

interface AttemptRow {
  delivery_id: string;
  at: Date | string;
  outcome: 'delivered' | 'failed';
  duration_ms: number;
  response_code: number | null;
  error: string | null;
}

/** The newest deliveries with their attempts, for admins; `?status=failed` for those given up. */
export async function deliveriesList(request: Request): Promise<Response> {
  const status = new URL(request.url).searchParams.get('status');
  if (status && !['pending', 'sending', 'delivered', 'failed'].includes(status)) {
    throw new ApiError(
      400,
      'INVALID_PARAMETER',
      'Query parameter "status" must be pending, sending, delivered or failed',
    );
  }
  const db = await consoleDatabase();
  const rows = await db.query<DeliveryRow>(
    `select d.*, c.name as channel_name from notify_deliveries d left join notify_channels c on c.id = d.channel_id
     ${status ? 'where d.status = $1' : ''} order by d.created_at desc, d.id limit 100`,
    status ? [status] : [],
  );
  const attempts = rows.length
    ? await db.query<AttemptRow>('select * from notify_attempts where delivery_id = any($1::text[]) order by id', [
        rows.map((row) => row.id),
      ])
    : [];
  const data: DeliveryView[] = rows.map((row) => ({
    id: row.id,
    channelId: row.channel_id,
    ...(row.channel_name ? { channelName: row.channel_name } : {}),
    event: row.event,
    state: row.state,
    summary: (JSON.parse(row.payload) as { summary?: string }).summary ?? '',
    status: row.status,
    attempts: attempts
      .filter((attempt) => attempt.delivery_id === row.id)
      .map((attempt) => ({
        at: new Date(attempt.at).toISOString(),
        outcome: attempt.outcome,
        durationMs: attempt.duration_ms,
        ...(attempt.response_code === null ? {} : { responseCode: attempt.response_code }),
        ...(attempt.error ? { error: attempt.error } : {}),
      })),
    ...(row.status === 'pending' ? { nextAttemptAt: new Date(row.next_attempt_at).toISOString() } : {}),
    createdAt: new Date(row.created_at).toISOString(),
    ...(row.delivered_at ? { deliveredAt: new Date(row.delivered_at).toISOString() } : {}),
    ...(row.last_error ? { lastError: row.last_error } : {}),
  }));
  return jsonResponse({ data }, 200, NO_STORE);
}

export async function deliveryRetry(id: string): Promise<Response> {
  const db = await consoleDatabase();
  if (!(await retryNow(db, id))) throw new ApiError(404, 'NOT_FOUND', `No delivery ${id} waiting to be sent`);
  void notificationEngine().drain();
  return jsonResponse({ data: { id, status: 'pending' } }, 202);
}
