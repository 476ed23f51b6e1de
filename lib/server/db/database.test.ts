/**
 * The same schema, stores and audit queries on both databases the console supports: the embedded
 * PGlite always, and a real Postgres (Debian's package, started here on a loopback port) whenever
 * it is installed (`scripts/ensure-postgres.sh`).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UsersStore } from '@/lib/local/users-store';
import { recordAuditEvent, type AuditEvent } from '../audit/record';
import { auditEventsMatching, queryAuditEvents } from '../audit/query';
import { migrate, MIGRATIONS } from './migrations';
import { openPostgres } from './postgres';
import { setConsoleDatabase } from './shared';
import { openTestDatabase } from './testing';
import { postgresUnavailableReason, startTestPostgres, type TestPostgres } from './testing-postgres';
import type { DirectDatabase } from './types';

// Under CI Postgres is installed or the run fails (scripts/ensure-postgres.sh): never skipped there.
const noPostgres = process.env.CI ? null : postgresUnavailableReason();

function event(overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    actor: 'alice',
    actorRole: 'admin',
    authMethod: 'password',
    operation: 'key.update',
    targetType: 'API key',
    targetId: 'k1',
    targetName: 'Loader',
    outcome: 'success',
    status: 200,
    requestId: 'r',
    errorCode: null,
    changes: 'state=disabled',
    clientAddress: '203.0.113.9',
    ...overrides,
  };
}

function contract(name: string, open: () => Promise<{ db: DirectDatabase; close: () => Promise<void> }>) {
  describe(name, () => {
    let db: DirectDatabase;
    let close: () => Promise<void>;

    beforeAll(async () => {
      ({ db, close } = await open());
      setConsoleDatabase(db);
    }, 60_000);

    afterAll(async () => {
      setConsoleDatabase(null);
      await close();
    });

    beforeEach(async () => {
      await db.query('delete from users');
      await db.query('delete from audit_events');
    });

    it('records its migrations once; running them again changes nothing', async () => {
      expect(await migrate(db)).toEqual([]);
      const applied = await db.query<{ id: string }>('select id from sluice_migrations order by id');
      expect(applied.map((row) => row.id)).toEqual(MIGRATIONS.map((m) => m.id));
    });

    it('stores users with the same errors on both drivers', async () => {
      const users = new UsersStore(db);
      await users.add('ed', 'editor', 'editor-password');
      await expect(users.add('ed', 'viewer', 'other-password')).rejects.toThrow('User "ed" already exists');
      expect(await users.verify('ed', 'editor-password')).toMatchObject({
        id: 'ed',
        role: 'editor',
        method: 'password',
      });
      const sso = await users.upsertSso({
        id: 'sso:x:1',
        name: 'sam@example.com',
        email: 'sam@example.com',
        role: 'viewer',
      });
      expect(await users.lookup('sso:x:1')).toEqual(sso);
      expect((await users.list()).map((u) => [u.name, u.method, typeof u.createdAt])).toEqual([
        ['ed', 'password', 'string'],
        ['sam@example.com', 'sso', 'string'],
      ]);
    });

    it('writes audit events and pages through them newest first, with every filter', async () => {
      const base = Date.now() - 60_000;
      for (let i = 0; i < 7; i++) {
        await recordAuditEvent(
          event({
            actor: i % 2 ? 'bob' : 'alice',
            operation: i < 5 ? 'key.update' : 'pipe.delete',
            requestId: `r${i}`,
          }),
        );
      }
      const all = await queryAuditEvents(db, { limit: '3' });
      expect(all.events.map((e) => e.requestId)).toEqual(['r6', 'r5', 'r4']);
      const second = await queryAuditEvents(db, { limit: '3', before: all.next ?? undefined });
      expect(second.events.map((e) => e.requestId)).toEqual(['r3', 'r2', 'r1']);
      const last = await queryAuditEvents(db, { limit: '3', before: second.next ?? undefined });
      expect(last).toEqual({ events: [expect.objectContaining({ requestId: 'r0' })], next: null });

      expect((await queryAuditEvents(db, { user: 'bob' })).events.map((e) => e.requestId)).toEqual(['r5', 'r3', 'r1']);
      expect(
        (await queryAuditEvents(db, { operation: 'pipe.delete', user: 'alice' })).events.map((e) => e.requestId),
      ).toEqual(['r6']);
      expect((await queryAuditEvents(db, { from: new Date(base).toISOString() })).events).toHaveLength(7);
      expect((await queryAuditEvents(db, { to: new Date(base).toISOString() })).events).toHaveLength(0);

      const [first] = all.events;
      expect(first).toEqual({
        id: expect.stringMatching(/^\d+$/),
        at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        actor: 'alice',
        actorRole: 'admin',
        authMethod: 'password',
        operation: 'pipe.delete',
        targetType: 'API key',
        targetId: 'k1',
        targetName: 'Loader',
        outcome: 'success',
        status: 200,
        requestId: 'r6',
        errorCode: null,
        changes: 'state=disabled',
        clientAddress: '203.0.113.9',
      });

      const batches: string[][] = [];
      for await (const batch of auditEventsMatching(db, { user: 'alice' }, 2))
        batches.push(batch.map((e) => e.requestId));
      expect(batches).toEqual([
        ['r6', 'r4'],
        ['r2', 'r0'],
      ]);
    });
  });
}

contract('PGlite (embedded)', async () => {
  const db = await openTestDatabase();
  return { db, close: () => db.close() };
});

describe.skipIf(noPostgres)(`Postgres from Debian's package${noPostgres ? ` (skipped: ${noPostgres})` : ''}`, () => {
  let server: TestPostgres | undefined;
  beforeAll(async () => {
    server = await startTestPostgres();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  contract('through DATABASE_URL', async () => {
    const db = await openPostgres(server!.url);
    await migrate(db);
    return { db, close: () => db.close() };
  });

  it('lets several consoles migrate at once: one applies, the others wait and find it done', async () => {
    const scratch = await openPostgres(server!.url);
    await scratch.query('create database concurrent');
    await scratch.close();
    const url = server!.url.replace(/\/postgres$/, '/concurrent');
    const consoles = await Promise.all([openPostgres(url), openPostgres(url), openPostgres(url)]);
    try {
      const applied = await Promise.all(consoles.map((db) => migrate(db)));
      expect(applied.flat().sort()).toEqual(MIGRATIONS.map((m) => m.id).sort());
    } finally {
      await Promise.all(consoles.map((db) => db.close()));
    }
  });
});
