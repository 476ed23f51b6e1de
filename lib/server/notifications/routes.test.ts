/** The /api/notifications routes: admins only for channels, rules and deliveries; bad input named; secrets never returned; every change audited. */
import { beforeEach, describe, expect, it } from 'vitest';
import * as channelsRoute from '@/app/api/notifications/channels/route';
import * as channelRoute from '@/app/api/notifications/channels/[id]/route';
import * as rulesRoute from '@/app/api/notifications/rules/route';
import * as inboxRoute from '@/app/api/notifications/route';
import * as readRoute from '@/app/api/notifications/read/route';
import * as deliveriesRoute from '@/app/api/notifications/deliveries/route';
import * as retryRoute from '@/app/api/notifications/deliveries/[id]/retry/route';
import * as testRoute from '@/app/api/notifications/channels/[id]/test/route';
import type { Database } from '../db/types';
import {
  callRoute as call,
  installTestDatabase,
  json,
  readJson,
  SERVICE_ID,
  stubUpstreamForFile,
} from '../test-support';

const upstream = stubUpstreamForFile();
const CENTRE = '00000000-0000-4000-8000-0000000000c0';
const PIPE_ID = '5f1d2c3b-4a59-4687-9a1b-2c3d4e5f6a7b';
let db: Database;

beforeEach(async () => {
  process.env.SLUICE_ENCRYPTION_KEY = 'a-test-encryption-key-of-at-least-32-chars';
  delete process.env.NOTIFY_ALLOWED_HOSTS;
  db = await installTestDatabase();
  await db.query("delete from notify_channels where type <> 'console'");
  await db.query("delete from notify_rules where id not like '00000000-%'");
  await db.query('delete from notify_messages');
  await db.query('delete from audit_events');
});

const create = (body: unknown, role: 'admin' | 'editor' = 'admin') =>
  call(channelsRoute.POST, '/api/notifications/channels', {}, { method: 'POST', json: body, role });

describe('channels', () => {
  it.each([
    [{ name: 'Hook', type: 'webhook', url: 'ftp://hooks.example.com/x' }, 'url', 'http(s)'],
    [{ name: 'Hook', type: 'webhook', url: 'http://127.0.0.1:9000/x' }, 'url', 'NOTIFY_ALLOWED_HOSTS'],
    [{ name: 'Hook', type: 'webhook', url: 'http://169.254.169.254/latest' }, 'url', 'metadata'],
    [{ name: 'Hook', type: 'webhook' }, 'url', 'needs a URL'],
    [{ name: 'Mail', type: 'email' }, 'to', 'recipient'],
    [{ name: 'Mail', type: 'email', to: ['not-an-address'] }, 'to.0', 'email address'],
    [{ name: '', type: 'webhook', url: 'https://hooks.example.com/x' }, 'name', 'required'],
    [{ name: 'Hook', type: 'pager' }, 'type', 'slack, webhook, email or console'],
  ])('refuses %j naming the field', async (body, field, message) => {
    const response = await create(body);
    expect(response.status).toBe(400);
    const answer = await readJson(response);
    expect(answer.fields).toEqual([
      expect.objectContaining({ path: field, message: expect.stringContaining(message) }),
    ]);
  });

  it('never returns a secret, a Slack URL or its ciphertext; editors may not read or change channels', async () => {
    const webhook = await readJson(
      await create({ name: 'Ops', type: 'webhook', url: 'https://hooks.example.com/x', secret: 'hook-secret-123' }),
    );
    const slack = await readJson(
      await create({ name: 'Slack', type: 'slack', url: 'https://hooks.slack.com/services/T0/B0/tokentoken' }),
    );
    expect(webhook.data).toMatchObject({
      name: 'Ops',
      type: 'webhook',
      url: 'https://hooks.example.com/x',
      hasSecret: true,
      broken: false,
    });
    const listed = await call(channelsRoute.GET, '/api/notifications/channels', {}, { role: 'admin' });
    const text = JSON.stringify(await listed.json()) + JSON.stringify(slack);
    expect(text).not.toContain('hook-secret-123');
    expect(text).not.toContain('tokentoken');
    expect(text).not.toContain('v1:');
    expect((await call(channelsRoute.GET, '/api/notifications/channels', {}, { role: 'editor' })).status).toBe(403);
    expect((await create({ name: 'X', type: 'console' }, 'editor')).status).toBe(403);
    const stored = await db.query<{ secret_ciphertext: string }>(
      "select secret_ciphertext from notify_channels where name = 'Ops'",
    );
    expect(stored[0]!.secret_ciphertext).not.toContain('hook-secret-123');
  });

  it('audits a change and a delete with the channel name, never the secret', async () => {
    const created = (
      await readJson(
        await create({ name: 'Ops', type: 'webhook', url: 'https://hooks.example.com/x', secret: 'hook-secret-123' }),
      )
    ).data as { id: string };
    const path = `/api/notifications/channels/${created.id}`;
    expect(
      (
        await call(
          channelRoute.PATCH,
          path,
          { id: created.id },
          { method: 'PATCH', json: { secret: 'new-secret-456' }, role: 'admin' },
        )
      ).status,
    ).toBe(200);
    expect(
      (await call(channelRoute.DELETE, path, { id: created.id }, { method: 'DELETE', role: 'admin' })).status,
    ).toBe(200);
    const events = await db.query<{ operation: string; target_name: string; changes: string | null }>(
      'select operation, target_name, changes from audit_events order by id',
    );
    expect(events).toEqual([
      { operation: 'notification-channel.create', target_name: 'Ops', changes: null },
      { operation: 'notification-channel.update', target_name: 'Ops', changes: 'secret' },
      { operation: 'notification-channel.delete', target_name: 'Ops', changes: null },
    ]);
  });
});

describe('rules', () => {
  const rule = (body: unknown) =>
    call(rulesRoute.POST, '/api/notifications/rules', {}, { method: 'POST', json: body, role: 'admin' });

  it('a fresh console has its defaults: failures and expiring keys to the centre', async () => {
    const listed = (await readJson(await call(rulesRoute.GET, '/api/notifications/rules', {}, { role: 'admin' })))
      .data as Array<{ event: string; channelIds: string[] }>;
    expect(listed.map((r) => r.event)).toEqual(expect.arrayContaining(['pipe_failed', 'key_expiring']));
    expect(listed.every((r) => r.channelIds.includes(CENTRE))).toBe(true);
  });

  it('refuses an unknown channel, a missing threshold, an unknown pipe or service', async () => {
    upstream.stub.handle((request, response) => {
      if (request.url?.endsWith('/services'))
        return json(response, 200, { status: 200, requestId: 'r', result: [{ id: SERVICE_ID }] });
      return json(response, 200, { status: 200, requestId: 'r', result: [{ id: PIPE_ID }] });
    });
    const unknownChannel = await rule({
      name: 'R',
      event: 'pipe_failed',
      channelIds: ['9d3e5f4a-5b6c-4d7e-8f90-1a2b3c4d5e6f'],
    });
    expect(unknownChannel.status).toBe(400);
    expect((await readJson(unknownChannel)).fields).toEqual([expect.objectContaining({ path: 'channelIds.0' })]);
    const noThreshold = await rule({ name: 'R', event: 'pipe_errors', channelIds: [CENTRE] });
    expect((await readJson(noThreshold)).fields).toEqual([expect.objectContaining({ path: 'threshold' })]);
    const unknownService = await rule({
      name: 'R',
      event: 'pipe_failed',
      channelIds: [CENTRE],
      scope: { serviceIds: ['9d3e5f4a-5b6c-4d7e-8f90-1a2b3c4d5e6f'] },
    });
    expect((await readJson(unknownService)).fields).toEqual([expect.objectContaining({ path: 'scope.serviceIds.0' })]);
    const unknownPipe = await rule({
      name: 'R',
      event: 'pipe_failed',
      channelIds: [CENTRE],
      scope: { pipeIds: ['9d3e5f4a-5b6c-4d7e-8f90-1a2b3c4d5e6f'] },
    });
    expect(unknownPipe.status).toBe(400);
    expect((await readJson(unknownPipe)).fields).toEqual([expect.objectContaining({ path: 'scope.pipeIds.0' })]);
    const good = await rule({
      name: 'Orders pipe',
      event: 'pipe_failed',
      channelIds: [CENTRE],
      scope: { pipeIds: [PIPE_ID] },
      forMinutes: 5,
    });
    expect(good.status).toBe(201);
    expect((await readJson(good)).data).toMatchObject({
      name: 'Orders pipe',
      scope: { pipeIds: [PIPE_ID] },
      forMinutes: 5,
      enabled: true,
    });
  });
});

describe('the centre', () => {
  it('lists messages per user with the unread count; marking read is per user', async () => {
    await db.query(
      "insert into notify_messages (delivery_id, event, state, title, pipe_id) values ('d1', 'pipe_failed', 'firing', 'Pipe “orders” failed', $1)",
      [PIPE_ID],
    );
    const mine = await readJson(await call(inboxRoute.GET, '/api/notifications', {}, { role: 'viewer' }));
    expect(mine).toMatchObject({
      unread: 1,
      data: [{ title: 'Pipe “orders” failed', pipeId: PIPE_ID, read: false, state: 'firing' }],
    });
    const id = (mine.data as Array<{ id: number }>)[0]!.id;
    const after = await readJson(
      await call(
        readRoute.POST,
        '/api/notifications/read',
        {},
        { method: 'POST', json: { ids: [id] }, role: 'viewer' },
      ),
    );
    expect(after.unread).toBe(0);
    expect((await readJson(await call(inboxRoute.GET, '/api/notifications', {}, { role: 'admin' }))).unread).toBe(1);
    expect((await call(inboxRoute.GET, '/api/notifications', {}, {})).status).toBe(401);
  });
});

describe('deliveries', () => {
  it('a test to the centre is delivered and listed with its attempt; retry now is for what is not delivered', async () => {
    await db.query('delete from notify_deliveries');
    await db.query('delete from notify_attempts');
    const tested = await readJson(
      await call(
        testRoute.POST,
        `/api/notifications/channels/${CENTRE}/test`,
        { id: CENTRE },
        { method: 'POST', role: 'admin' },
      ),
    );
    expect(tested.data).toMatchObject({ channelId: CENTRE, delivered: true });
    const listed = await readJson(
      await call(deliveriesRoute.GET, '/api/notifications/deliveries', {}, { role: 'admin' }),
    );
    expect(listed.data).toEqual([
      expect.objectContaining({
        channelName: 'In-console centre',
        state: 'test',
        status: 'delivered',
        summary: 'Test message from Sluice: this channel works',
        attempts: [expect.objectContaining({ outcome: 'delivered' })],
      }),
    ]);
    const id = (listed.data as Array<{ id: string }>)[0]!.id;
    expect(
      (
        await call(
          retryRoute.POST,
          `/api/notifications/deliveries/${id}/retry`,
          { id },
          { method: 'POST', role: 'admin' },
        )
      ).status,
    ).toBe(404);
    expect((await call(deliveriesRoute.GET, '/api/notifications/deliveries', {}, { role: 'editor' })).status).toBe(403);
    const bad = await call(deliveriesRoute.GET, '/api/notifications/deliveries?status=lost', {}, { role: 'admin' });
    expect(bad.status).toBe(400);
  });
});
