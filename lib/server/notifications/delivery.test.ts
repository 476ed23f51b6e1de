/**
 * From a condition to a receiver: incidents open once, remind and resolve; the outbox signs, sends,
 * retries and logs each attempt; a Slack webhook that is gone marks its channel broken; email goes
 * through a real SMTP server on loopback; and of two consoles only the lease holder sends.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PipeSample } from '@/lib/pipes/metrics/parse';
import { openTestDatabase } from '../db/testing';
import type { Database } from '../db/types';
import { createChannel, findChannel } from './channels';
import { NotificationEngine } from './engine';
import { applyConditions } from './incidents';
import { holdLease, releaseLease } from './lease';
import { drainOutbox, enqueueDelivery } from './outbox';
import { createRule, listRules } from './rules';
import { verifySignature } from './signature';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

let db: Database;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
let answer = 200;

beforeAll(async () => {
  process.env.SLUICE_ENCRYPTION_KEY = 'a-test-encryption-key-of-at-least-32-chars';
  process.env.NOTIFY_ALLOWED_HOSTS = '127.0.0.1';
  db = await openTestDatabase();
  receiver = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = answer;
      response.end(answer === 200 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  // The first run on a machine migrates a fresh database (the template of the next runs).
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await db.close();
  delete process.env.NOTIFY_ALLOWED_HOSTS;
});

beforeEach(async () => {
  received.length = 0;
  answer = 200;
  for (const table of [
    'notify_rules',
    'notify_incidents',
    'notify_deliveries',
    'notify_attempts',
    'notify_messages',
    'notify_lease',
  ])
    await db.query(`delete from ${table}`);
  await db.query("delete from notify_channels where type <> 'console'");
});

const failedPipe = (state = 'Failed'): PipeSample => ({
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  name: 'orders',
  state,
  fetchedEvents: 1,
  sentEvents: 1,
  fetchedBytes: 1,
  sentBytes: 1,
  errors: 0,
});

async function webhookRule() {
  const channel = await createChannel(db, {
    name: 'Ops hook',
    type: 'webhook',
    url: receiverUrl,
    secret: 'hook-secret-123',
  });
  await createRule(db, { name: 'Failures', event: 'pipe_failed', channelIds: [channel.id] });
  return channel;
}

function engine(now: () => number) {
  return new NotificationEngine({
    db: async () => db,
    now,
    reasons: async (_serviceId, ids) => Object.fromEntries(ids.map((id) => [id, 'Kafka broker unreachable'])),
  });
}

describe('incidents and the outbox', () => {
  it('sends one signed firing message with the reason, nothing more while it fails, one resolved on recovery', async () => {
    const channel = await webhookRule();
    let now = Date.parse('2026-01-01T00:00:00Z');
    const console1 = engine(() => now);
    await console1.onScrape({ at: now, serviceId: 'svc-1', pipes: [failedPipe()] });
    await console1.drain();
    now += 30_000;
    await console1.onScrape({ at: now, serviceId: 'svc-1', pipes: [failedPipe()] });
    await console1.drain();
    expect(received).toHaveLength(1);
    const [firing] = received;
    const body = JSON.parse(firing!.body) as Record<string, unknown>;
    expect(body).toMatchObject({
      event: 'pipe_failed',
      state: 'firing',
      reason: 'Kafka broker unreachable',
      pipe: { id: failedPipe().id, name: 'orders', serviceId: 'svc-1' },
    });
    expect(body.link).toMatch(/\/services\/svc-1\/pipes\/a1b2c3d4-0000-4000-8000-000000000001$/);
    expect(firing!.headers['x-sluice-event']).toBe('pipe_failed');
    expect(firing!.headers['x-sluice-delivery']).toMatch(/^[0-9a-f-]{36}$/);
    expect(verifySignature(firing!.body, 'hook-secret-123', firing!.headers['x-sluice-signature'] as string)).toBe(
      true,
    );

    now += 30_000;
    await console1.onScrape({ at: now, serviceId: 'svc-1', pipes: [failedPipe('Running')] });
    await console1.drain();
    expect(received.map((r) => (JSON.parse(r.body) as { state: string }).state)).toEqual(['firing', 'resolved']);
    expect(new Set(received.map((r) => r.headers['x-sluice-delivery'])).size).toBe(2);
    const attempts = await db.query<{ outcome: string; response_code: number }>(
      'select outcome, response_code from notify_attempts',
    );
    expect(attempts).toEqual([
      { outcome: 'delivered', response_code: 200 },
      { outcome: 'delivered', response_code: 200 },
    ]);
    expect((await findChannel(db, channel.id))?.broken_at).toBeNull();
  });

  it('reminds once NOTIFY_REMIND_HOURS have passed and the incident is still open', async () => {
    process.env.NOTIFY_REMIND_HOURS = '1';
    try {
      await webhookRule();
      let now = Date.parse('2026-01-01T00:00:00Z');
      const console1 = engine(() => now);
      await console1.onScrape({ at: now, serviceId: 'svc-1', pipes: [failedPipe()] });
      now += 3_600_000;
      await console1.onScrape({ at: now, serviceId: 'svc-1', pipes: [failedPipe()] });
      now += 60_000;
      await console1.onScrape({ at: now, serviceId: 'svc-1', pipes: [failedPipe()] });
      await console1.drain();
      expect(received.map((r) => (JSON.parse(r.body) as { state: string }).state).sort()).toEqual([
        'firing',
        'reminder',
      ]);
    } finally {
      delete process.env.NOTIFY_REMIND_HOURS;
    }
  });

  it('retries a receiver that answers 500, the first retry within 10 s, each attempt logged', async () => {
    const channel = await webhookRule();
    answer = 500;
    const id = await enqueueDelivery(db, {
      channelId: channel.id,
      event: 'test',
      state: 'test',
      payload: '{"event":"test","state":"test"}',
    });
    await drainOutbox(db);
    const [row] = await db.query<{ status: string; wait: number; attempts: number }>(
      'select status, attempts, extract(epoch from (next_attempt_at - now())) as wait from notify_deliveries where id = $1',
      [id],
    );
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(Number(row!.wait)).toBeLessThanOrEqual(10);
    answer = 200;
    await db.query('update notify_deliveries set next_attempt_at = now() where id = $1', [id]);
    await drainOutbox(db);
    expect(
      await db.query('select outcome, response_code from notify_attempts where delivery_id = $1 order by id', [id]),
    ).toEqual([
      { outcome: 'failed', response_code: 500 },
      { outcome: 'delivered', response_code: 200 },
    ]);
  });

  it('marks a Slack channel broken after repeated 404s, and sends Block Kit', async () => {
    answer = 404;
    const slack = await createChannel(db, { name: 'Slack', type: 'slack', url: receiverUrl });
    for (let n = 0; n < 3; n += 1) {
      await enqueueDelivery(db, {
        channelId: slack.id,
        event: 'test',
        state: 'test',
        payload: JSON.stringify({ event: 'test', state: 'test', occurredAt: 'now', summary: 'Test', link: 'http://x' }),
      });
      await drainOutbox(db);
    }
    const stored = await findChannel(db, slack.id);
    expect(stored?.broken_at).not.toBeNull();
    expect(stored?.url_ciphertext).not.toContain('127.0.0.1');
    const message = JSON.parse(received[0]!.body) as { blocks: Array<{ type: string }> };
    expect(message.blocks.map((block) => block.type)).toEqual(['header', 'section', 'actions']);
  });

  it('refuses at delivery a target that is not allowed (any more)', async () => {
    const channel = await webhookRule();
    process.env.NOTIFY_ALLOWED_HOSTS = '';
    try {
      await enqueueDelivery(db, { channelId: channel.id, event: 'test', state: 'test', payload: '{}' });
      await drainOutbox(db);
      expect(received).toHaveLength(0);
      const [attempt] = await db.query<{ error: string }>('select error from notify_attempts');
      expect(attempt?.error).toContain('NOTIFY_ALLOWED_HOSTS');
    } finally {
      process.env.NOTIFY_ALLOWED_HOSTS = '127.0.0.1';
    }
  });

  it('writes the in-console centre once per delivery, however often it is sent', async () => {
    const rules = await listRules(db);
    expect(rules).toEqual([]);
    const centre = '00000000-0000-4000-8000-0000000000c0';
    const rule = await createRule(db, { name: 'Failures', event: 'pipe_failed', channelIds: [centre] });
    const context = { now: new Date(), remindAfterMs: 86_400_000, baseUrl: 'http://console' };
    const condition = { ruleId: rule.id, subject: 'p', details: { pipe: { id: 'p', name: 'orders', serviceId: 's' } } };
    await applyConditions(db, [rule], [condition], context);
    await applyConditions(db, [rule], [condition], context);
    await drainOutbox(db);
    await db.query("update notify_deliveries set status = 'pending'");
    await drainOutbox(db);
    expect(await db.query('select title, state from notify_messages')).toEqual([
      { title: 'Pipe “orders” failed', state: 'firing' },
    ]);
  });
});

describe('several consoles', () => {
  it('one lease: the second candidate waits until the first releases it', async () => {
    expect(await holdLease(db, 'console-a')).toBe(true);
    expect(await holdLease(db, 'console-b')).toBe(false);
    expect(await holdLease(db, 'console-a')).toBe(true);
    await releaseLease(db, 'console-a');
    expect(await holdLease(db, 'console-b')).toBe(true);
  });

  it('a killed holder leaves no evaluator for at most 10 s: its lease row lapses that soon', async () => {
    await webhookRule();
    const now = Date.parse('2026-01-01T00:00:00Z');
    const holder = engine(() => now);
    await holder.onScrape({ at: now, serviceId: 'svc-1', pipes: [failedPipe()] });
    await holder.drain();
    // Killed: nothing released; the row lapses on its own.
    const [row] = await db.query<{ seconds: number }>(
      'select extract(epoch from expires_at - now())::float8 as seconds from notify_lease',
    );
    expect(row!.seconds).toBeGreaterThan(0);
    expect(row!.seconds).toBeLessThanOrEqual(10);
  });

  it('two evaluators on one database: exactly one message', async () => {
    await webhookRule();
    const now = Date.parse('2026-01-01T00:00:00Z');
    const first = engine(() => now);
    const second = engine(() => now);
    await Promise.all([
      first.onScrape({ at: now, serviceId: 'svc-1', pipes: [failedPipe()] }),
      second.onScrape({ at: now, serviceId: 'svc-1', pipes: [failedPipe()] }),
    ]);
    await Promise.all([first.drain(), second.drain()]);
    expect(received).toHaveLength(1);
  });

  it('a delivery claimed by a console that stopped is sent by the next one', async () => {
    const channel = await webhookRule();
    const id = await enqueueDelivery(db, { channelId: channel.id, event: 'test', state: 'test', payload: '{}' });
    // As a console leaves it when it stops between claiming and recording the attempt.
    await db.query(
      "update notify_deliveries set status = 'sending', claimed_until = now() - interval '1 second' where id = $1",
      [id],
    );
    await drainOutbox(db);
    expect(received).toHaveLength(1);
  });

  it('an incident closed by a console that stopped before queueing its resolved message is announced by the next', async () => {
    await webhookRule();
    let now = Date.parse('2026-01-01T00:00:00Z');
    const stopped = engine(() => now);
    await stopped.onScrape({ at: now, serviceId: 'svc-1', pipes: [failedPipe()] });
    await stopped.drain();
    // As a console leaves it when it stops between closing the incident and queueing "resolved" (its lease then lapses).
    await db.query("update notify_incidents set state = 'resolved', resolved_at = $1", [new Date(now + 30_000)]);
    await db.query('delete from notify_lease');
    now += 60_000;
    const next = engine(() => now);
    await next.onScrape({ at: now, serviceId: 'svc-1', pipes: [failedPipe('Running')] });
    await next.onScrape({ at: now + 30_000, serviceId: 'svc-1', pipes: [failedPipe('Running')] });
    await next.drain();
    const bodies = received.map((r) => JSON.parse(r.body) as { state: string; occurredAt: string });
    expect(bodies.map((body) => body.state)).toEqual(['firing', 'resolved']);
    expect(bodies[1]!.occurredAt).toBe('2026-01-01T00:00:30.000Z');
  });
});

describe('email', () => {
  it('goes through SMTP_URL to a real SMTP server on loopback', async () => {
    const mails: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let text = '';
        stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        stream.on('end', () => {
          mails.push(text);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    process.env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
    try {
      const channel = await createChannel(db, { name: 'On call', type: 'email', to: ['oncall@example.com'] });
      await createRule(db, { name: 'Failures', event: 'pipe_failed', channelIds: [channel.id] });
      const now = Date.now();
      const console1 = engine(() => now);
      await console1.onScrape({ at: now, serviceId: 'svc-1', pipes: [failedPipe()] });
      await console1.drain();
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain('To: oncall@example.com');
      expect(mails[0]).toContain('Pipe =E2=80=9Corders=E2=80=9D failed');
      expect(mails[0]).toContain('Subject: =?UTF-8?Q?=5BSluice=5D_Firing');
      expect(mails[0]).toContain('Reason: Kafka broker unreachable');
    } finally {
      delete process.env.SMTP_URL;
      await new Promise<void>((resolve) => smtp.close(resolve));
    }
  });
});
