import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsersStore } from '../lib/local/users-store';
import { openDatabase } from '../lib/server/db/open';
import { seedDataFolder } from '../test/support/embedded-data-folder';

const root = path.resolve(import.meta.dirname, '..');
const tsxCli = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const scratch = mkdtempSync(path.join(tmpdir(), 'sluice-db-cli-'));
const dataDir = path.join(scratch, 'data');

// The embedded database exists already (no users, no audit events): the command is the subject here, not its creation.
beforeAll(() => seedDataFolder(dataDir), 60_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function db(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [tsxCli, path.join(root, 'scripts', 'db.ts'), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', SLUICE_DATA_DIR: dataDir, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

async function withUsers<T>(work: (users: UsersStore) => Promise<T>): Promise<T> {
  const database = await openDatabase({ role: 'tool', shareRunning: false, env: { SLUICE_DATA_DIR: dataDir } });
  try {
    return await work(new UsersStore(database));
  } finally {
    await database.close();
  }
}

describe('npm run db', { timeout: 90_000 }, () => {
  it('backs up the embedded database to a file and restores it, round trip', async () => {
    await withUsers((users) => users.add('ada', 'editor', 'ada-password-1'));
    const file = path.join(scratch, 'backup.json');

    const backup = await db(['backup', file]);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(
      `Backed up 1 user(s) and 0 audit event(s) of the embedded database in ${path.join(dataDir, 'db')} to ${file}`,
    );
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
      format: 'sluice-database-backup',
      tables: { users: [{ name: 'ada' }] },
    });

    await withUsers(async (users) => {
      await users.remove('ada');
      await users.add('mallory', 'admin', 'mallory-password-1');
    });

    const restore = await db(['restore', file]);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`Restored 1 user(s) and 0 audit event(s) from ${file}`);
    const names = await withUsers(async (users) => (await users.list()).map((user) => user.name));
    expect(names).toEqual(['ada']);
  });

  it('sends Postgres to pg_dump, and explains its usage', async () => {
    const postgres = await db(['backup', path.join(scratch, 'x.json')], {
      DATABASE_URL: 'postgres://sluice@127.0.0.1:1/sluice',
    });
    expect(postgres.code).toBe(1);
    expect(postgres.stderr.trim()).toBe(
      'DATABASE_URL is set: back up that Postgres database with pg_dump (and restore it with pg_restore or psql).',
    );
    const usage = await db(['copy']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('npm run db -- backup FILE');
  });
});
