import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { UsersStore } from '../../lib/local/users-store';
import { MIGRATIONS } from '../../lib/server/db/migrations';
import { openDatabase } from '../../lib/server/db/open';

const scratch = mkdtempSync(path.join(tmpdir(), 'sluice-previous-schema-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The data folder a console of the earlier release left: the committed fixture unpacked where SLUICE_DATA_DIR points. */
async function earlierDataFolder(): Promise<string> {
  const dir = path.join(scratch, 'db');
  mkdirSync(dir, { recursive: true });
  const dump = new Blob([readFileSync(path.join(import.meta.dirname, 'fixtures', 'schema-001-users.tar.gz'))]);
  const engine = await PGlite.create({ dataDir: dir, loadDataDir: dump });
  await engine.close();
  return scratch;
}

describe("an embedded database made by the earlier release's schema (001-users only)", { timeout: 90_000 }, () => {
  it('opens with this version: migrated to the current schema, its users kept and able to sign in', async () => {
    const dataDir = await earlierDataFolder();
    const db = await openDatabase({ role: 'tool', shareRunning: false, env: { SLUICE_DATA_DIR: dataDir } });
    try {
      const applied = await db.query<{ id: string }>('select id from sluice_migrations order by id');
      expect(applied.map((row) => row.id)).toEqual(MIGRATIONS.map((migration) => migration.id));
      const users = new UsersStore(db);
      expect((await users.list()).map((user) => [user.name, user.role])).toEqual([
        ['ada', 'editor'],
        ['Grace', 'viewer'],
      ]);
      expect(await users.verify('ada', 'ada-password-1')).toMatchObject({ name: 'ada', role: 'editor' });
      await db.query(
        `insert into audit_events (actor, operation, outcome, status, request_id) values ('ada', 'session.sign-in', 'success', 200, 'r1')`,
      );
      expect(await db.query('select actor from audit_events')).toEqual([{ actor: 'ada' }]);
    } finally {
      await db.close();
    }
  });
});
