import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runUsersCli } from '@/test/support/users-cli';
import { openDatabase } from '../server/db/open';
import type { Database } from '../server/db/types';
import { withUsersStore } from './open-users';
import { UsersStore } from './users-store';

/** The command on `dataDir`, as an operator runs it; `--service` is covered with a cloud in test/users-cli. */
function users(dataDir: string, args: string[], input = '') {
  return runUsersCli(dataDir, args, { input });
}

describe('npm run users while the console runs', () => {
  // The console holds the embedded database; the command reaches it through the console's socket.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sluice-cli-'));
  let consoleDb: Database;
  let store: UsersStore;

  beforeAll(async () => {
    consoleDb = await openDatabase({ role: 'server', env: { SLUICE_DATA_DIR: dataDir } });
    store = new UsersStore(consoleDb);
  }, 60_000);

  afterAll(async () => {
    await consoleDb.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('adds a user from stdin, changes the password, lists and removes it', async () => {
    expect(
      await users(dataDir, ['add', 'viewer', '--role', 'viewer', '--password-stdin'], 'viewer-pass-123\n'),
    ).toMatchObject({ status: 0 });
    expect(await store.verify('viewer', 'viewer-pass-123')).toMatchObject({ name: 'viewer', role: 'viewer' });

    expect((await users(dataDir, ['passwd', 'viewer', '--password-stdin'], 'viewer-pass-456\n')).status).toBe(0);
    expect(await store.verify('viewer', 'viewer-pass-456')).toMatchObject({ name: 'viewer', role: 'viewer' });

    expect((await users(dataDir, ['list'])).stdout).toContain('viewer\tviewer');
    expect((await users(dataDir, ['remove', 'viewer'])).status).toBe(0);
    expect(await store.list()).toEqual([]);
  }, 90_000);

  it('changes a role in place and keeps the last admin', async () => {
    await store.add('boss', 'admin', 'long-enough');
    await store.add('sam', 'viewer', 'long-enough');
    expect(await users(dataDir, ['role', 'sam', 'editor'])).toMatchObject({
      status: 0,
      stdout: expect.stringContaining('sam is now editor'),
    });
    expect((await store.find('sam'))?.role).toBe('editor');
    const refused = await users(dataDir, ['role', 'boss', 'viewer']);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('"boss" is the last admin');
    const bad = await users(dataDir, ['role', 'sam', 'owner']);
    expect(bad.stderr).toMatch(/role needs a new role: one of viewer, editor, admin/);
    await store.remove('sam');
  }, 90_000);

  it('writes every change to the audit log, by the shell account, as the Users page does', async () => {
    const before = await consoleDb.query<{ n: number }>('select count(*)::int as n from audit_events');
    expect(
      (await users(dataDir, ['add', 'audited', '--role', 'viewer', '--password-stdin'], 'audited-pass-1\n')).status,
    ).toBe(0);
    expect((await users(dataDir, ['role', 'audited', 'editor'])).status).toBe(0);
    expect((await users(dataDir, ['passwd', 'audited', '--password-stdin'], 'audited-pass-2\n')).status).toBe(0);
    expect((await users(dataDir, ['remove', 'audited'])).status).toBe(0);
    const events = await consoleDb.query<{ actor: string; operation: string; target_name: string; changes: string }>(
      'select actor, operation, target_name, changes from audit_events order by id desc limit 4',
    );
    expect(
      (await consoleDb.query<{ n: number }>('select count(*)::int as n from audit_events'))[0]!.n - before[0]!.n,
    ).toBe(4);
    expect(events.reverse().map(({ operation, target_name, changes }) => [operation, target_name, changes])).toEqual([
      ['user.create', 'audited', null],
      ['user.update', 'audited', 'role=editor'],
      ['user.password-reset', 'audited', null],
      ['user.delete', 'audited', null],
    ]);
    expect(events[0]!.actor).toMatch(/\(shell\)$|^shell$/);
  }, 90_000);

  it('generates and prints a password when stdin is not a terminal', async () => {
    const { status, stdout } = await users(dataDir, ['add', 'ed', '--role', 'editor']);
    expect(status).toBe(0);
    const password = /Generated password for ed: (\S+)/.exec(stdout)?.[1] ?? '';
    expect(await store.verify('ed', password)).toMatchObject({ name: 'ed', role: 'editor' });
  });

  it.each([
    [['add', 'x', '--role', 'owner', '--password-stdin'], 'long-enough', /Invalid role "owner"/],
    [['add', 'x', '--password-stdin'], 'long-enough', /add needs --role/],
    [['add', 'Bad', '--role', 'viewer', '--password-stdin'], 'long-enough', /Invalid user name "Bad"/],
    [['add', 'x', '--role', 'viewer', '--password-stdin'], 'short', /at least 8 characters/],
    [['remove', 'ghost'], '', /No user named "ghost"/],
    [['frob'], '', /Unknown command "frob"/],
  ])('fails clearly for %j', async (args, input, message) => {
    const { status, stderr } = await users(dataDir, args, input);
    expect(status).not.toBe(0);
    expect(stderr).toMatch(message);
  });
});

describe('npm run users with no console running', () => {
  it('opens the embedded database itself, and a second console on the folder is refused by name', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sluice-cli-'));
    try {
      expect(
        await users(dataDir, ['add', 'solo', '--role', 'admin', '--password-stdin'], 'solo-password\n'),
      ).toMatchObject({ status: 0 });
      process.env.SLUICE_DATA_DIR = dataDir;
      expect(await withUsersStore((s) => s.verify('solo', 'solo-password'))).toMatchObject({
        name: 'solo',
        role: 'admin',
      });

      const holder = await openDatabase({ role: 'tool', env: { SLUICE_DATA_DIR: dataDir } });
      try {
        await expect(
          openDatabase({ role: 'tool', shareRunning: false, env: { SLUICE_DATA_DIR: dataDir } }),
        ).rejects.toThrow(
          /embedded database in .* is in use by process \d+\. Each console needs its own data folder \(SLUICE_DATA_DIR\)/,
        );
      } finally {
        await holder.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
