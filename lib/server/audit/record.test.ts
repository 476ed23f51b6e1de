/** The row one audit event becomes: every column, long texts clipped, account events, and the last known name of a target. */
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/types';
import { setConsoleDatabase } from '../db/shared';
import { installTestDatabase } from '../test-support';
import { lastKnownTargetName, recordAccountEvent, recordAuditEvent, type AuditEvent } from './record';

let db: Database;

beforeEach(async () => {
  db = await installTestDatabase();
  await db.query('delete from audit_events');
}, 30_000);

afterAll(() => setConsoleDatabase(db));

const event: AuditEvent = {
  actor: 'ann',
  actorRole: 'admin',
  authMethod: 'sso',
  operation: 'key.update',
  targetType: 'API key',
  targetId: 'k1',
  targetName: 'Loader',
  outcome: 'failure',
  status: 409,
  requestId: 'req-1',
  errorCode: 'CONFLICT',
  changes: 'name, state=disabled',
  clientAddress: '198.51.100.7',
};

const rows = () => db.query<Record<string, unknown>>('select * from audit_events order by id');

describe('recordAuditEvent', () => {
  it('writes every field to its column, with the time it was recorded', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-04T05:06:07.000Z'));
    try {
      await recordAuditEvent(event);
    } finally {
      vi.useRealTimers();
    }
    const [row] = await rows();
    expect(row).toMatchObject({
      actor: 'ann',
      actor_role: 'admin',
      auth_method: 'sso',
      operation: 'key.update',
      target_type: 'API key',
      target_id: 'k1',
      target_name: 'Loader',
      outcome: 'failure',
      status: 409,
      request_id: 'req-1',
      error_code: 'CONFLICT',
      changes: 'name, state=disabled',
      client_address: '198.51.100.7',
    });
    expect(new Date(row!.at as string).toISOString()).toBe('2026-03-04T05:06:07.000Z');
  });

  it('keeps texts of up to 500 characters whole and clips longer ones to 500 with an ellipsis', async () => {
    const long = 'x'.repeat(501);
    const whole = 'y'.repeat(500);
    await recordAuditEvent({
      ...event,
      actor: long,
      operation: long,
      targetId: long,
      targetName: long,
      errorCode: long,
      changes: long,
      clientAddress: whole,
    });
    const [row] = await rows();
    const clipped = `${'x'.repeat(499)}…`;
    for (const column of ['actor', 'operation', 'target_id', 'target_name', 'error_code', 'changes'])
      expect([column, row![column]]).toEqual([column, clipped]);
    expect(row!.client_address).toBe(whole);
  });
});

describe('recordAccountEvent', () => {
  const account = {
    actor: 'sally',
    actorRole: 'editor' as const,
    authMethod: 'password' as const,
    operation: 'session.sign-in',
    requestId: 'r',
    clientAddress: '198.51.100.7',
  };

  it('records a status below 400 as a success and from 400 as a failure, with no target and no changes', async () => {
    await recordAccountEvent({ ...account, status: 399 });
    await recordAccountEvent({ ...account, status: 400, errorCode: 'BAD_CREDENTIALS' });
    expect(
      (await rows()).map((row) => [
        row.outcome,
        row.status,
        row.error_code,
        row.target_type,
        row.target_id,
        row.target_name,
        row.changes,
      ]),
    ).toEqual([
      ['success', 399, null, null, null, null, null],
      ['failure', 400, 'BAD_CREDENTIALS', null, null, null, null],
    ]);
  });
});

describe('lastKnownTargetName', () => {
  it('answers the latest name the log knows for that id, skipping events without one', async () => {
    await recordAuditEvent({ ...event, targetId: 'k1', targetName: 'Old name' });
    await recordAuditEvent({ ...event, targetId: 'k1', targetName: 'New name' });
    await recordAuditEvent({ ...event, targetId: 'k2', targetName: 'Other' });
    await recordAuditEvent({ ...event, targetId: 'k1', targetName: null });
    expect(await lastKnownTargetName('k1')).toBe('New name');
    expect(await lastKnownTargetName('k3')).toBeNull();
  });

  it('answers null when the database cannot be read', async () => {
    setConsoleDatabase({
      kind: 'postgres',
      description: 'stopped',
      query: () => Promise.reject(new Error('connect ECONNREFUSED')),
      close: async () => {},
    } as unknown as Database);
    try {
      expect(await lastKnownTargetName('k1')).toBeNull();
    } finally {
      setConsoleDatabase(db);
    }
  });
});
