import { describe, expect, it } from 'vitest';
import { UsersStore } from '../../local/users-store';
import { backupDatabase, checkBackup, restoreDatabase } from './backup';
import { MIGRATIONS } from './migrations';
import { openTestDatabase } from './testing';
import type { Queryable } from './types';

async function addEvent(db: Queryable, operation: string): Promise<void> {
  await db.query(
    `insert into audit_events (actor, actor_role, auth_method, operation, outcome, status, request_id)
     values ('admin', 'admin', 'password', $1, 'success', 200, 'request-' || $1)`,
    [operation],
  );
}

const everything = (db: Queryable) =>
  Promise.all([db.query('select * from users order by id'), db.query('select * from audit_events order by id')]);

describe('a logical backup', () => {
  it('restores every user and audit event exactly, over whatever the database held, and new events continue after them', async () => {
    const source = await openTestDatabase();
    const target = await openTestDatabase();
    try {
      const users = new UsersStore(source);
      await users.add('ada', 'editor', 'ada-password-1');
      await users.add('bob', 'viewer', 'bob-password-1');
      for (const operation of ['pipe.create', 'pipe.delete', 'dashboard.update']) await addEvent(source, operation);
      const backup = checkBackup(JSON.parse(JSON.stringify(await backupDatabase(source))));
      expect(backup.migrations).toEqual(MIGRATIONS.map((m) => m.id));

      await new UsersStore(target).add('carol', 'admin', 'carol-password-1');
      await addEvent(target, 'key.create');
      expect(await restoreDatabase(target, backup)).toEqual({ users: 2, audit_events: 3 });

      expect(await everything(target)).toEqual(await everything(source));
      expect(await new UsersStore(target).verify('ada', 'ada-password-1')).toMatchObject({
        name: 'ada',
        role: 'editor',
      });
      expect(await new UsersStore(target).verify('carol', 'carol-password-1')).toBeNull();
      await addEvent(target, 'after.restore');
      const [after] = await target.query<{ id: number | string }>(
        "select id from audit_events where operation = 'after.restore'",
      );
      expect(Number(after?.id)).toBe(4);
    } finally {
      await source.close();
      await target.close();
    }
  });

  it('refuses a file that is not a backup, or one from a newer schema, before changing anything', () => {
    expect(() => checkBackup({ users: [] })).toThrow(
      'not a Sluice database backup (made by `npm run db -- backup FILE`)',
    );
    expect(() =>
      checkBackup({
        format: 'sluice-database-backup',
        version: 1,
        createdAt: '',
        migrations: ['001-users', '999-future'],
        tables: { users: [], audit_events: [] },
      }),
    ).toThrow(
      'made by a newer Sluice (its schema has 999-future, which this version does not know): restore it with that version',
    );
  });
});
