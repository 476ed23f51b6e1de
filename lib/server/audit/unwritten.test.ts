/** Audit events the database refused while it was away are written once it is back, in order, with their own time. */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/types';
import { setConsoleDatabase } from '../db/shared';
import { installTestDatabase } from '../test-support';
import { flushUnwritten, recordAuditEvent, unwrittenAuditEvents, type AuditEvent } from './record';

let db: Database;

/** The database as a console sees it while Postgres is stopped: every query fails. */
const away: Database = {
  kind: 'postgres',
  description: 'stopped',
  query: () =>
    Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })),
  close: async () => {},
} as unknown as Database;

const event = (requestId: string): AuditEvent => ({
  actor: 'admin',
  actorRole: 'admin',
  authMethod: 'password',
  operation: 'key.update',
  targetType: 'key',
  targetId: 'k1',
  targetName: 'Key one',
  outcome: 'success',
  status: 200,
  requestId,
  errorCode: null,
  changes: 'name',
  clientAddress: '127.0.0.1',
});

beforeEach(async () => {
  db = await installTestDatabase();
  await db.query('delete from audit_events');
}, 30_000);

afterAll(() => setConsoleDatabase(db));

describe('audit events while the database is away', () => {
  it('are kept, then written in order with the time they happened once it answers again', async () => {
    setConsoleDatabase(away);
    await recordAuditEvent(event('while-away-1'));
    await recordAuditEvent(event('while-away-2'));
    expect(unwrittenAuditEvents()).toBe(2);
    const happenedBy = Date.now();

    setConsoleDatabase(db);
    // A new event waits behind the kept ones, so the log keeps its order.
    await recordAuditEvent(event('after'));
    await flushUnwritten();
    expect(unwrittenAuditEvents()).toBe(0);
    const rows = await db.query<{ request_id: string; at: Date | string }>(
      'select request_id, at from audit_events order by id',
    );
    expect(rows.map((row) => row.request_id)).toEqual(['while-away-1', 'while-away-2', 'after']);
    expect(new Date(rows[0]!.at).getTime()).toBeLessThanOrEqual(happenedBy);
  });
});
