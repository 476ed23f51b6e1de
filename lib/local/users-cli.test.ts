import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededDataFolder } from '@/test/support/embedded-data-folder';
import { runUsersCli, runUsersInProcess, type CliRun } from '@/test/support/users-cli';
import { openDatabase } from '../server/db/open';
import type { Database } from '../server/db/types';
import { withUsersStore } from './open-users';
import { UsersStore } from './users-store';

/**
 * `npm run users -- …` as a separate process, the way an operator runs it: its arguments, its
 * standard input (a pipe, not a terminal), its output and its exit code, through package.json's
 * script (tsx with the react-server condition). Each costs a Node start and a compile, so the
 * process's own wiring is checked here twice (a change that exits 0, a refusal that exits 1) and
 * every other case runs through `command` below. `--service` needs a cloud: test/users-cli covers it.
 */
const spawnUsers = (dataDir: string, args: string[], input = ''): Promise<CliRun> =>
  runUsersCli(dataDir, args, { input });

describe('npm run users while the console runs', () => {
  // The console holds the embedded database; the command reaches it through the console's socket.
  // Its database was made before (the command's own first run makes one below, with no console).
  let dataDir: string;
  let consoleDb: Database;
  let store: UsersStore;
  /** The command in this process, as the process would run it on the data folder (test/support/users-cli.ts). */
  const command = (args: string[], input = ''): Promise<CliRun> => runUsersInProcess(dataDir, args, { input });

  beforeAll(async () => {
    dataDir = await seededDataFolder('sluice-cli-');
    consoleDb = await openDatabase({ role: 'server', env: { SLUICE_DATA_DIR: dataDir } });
    store = new UsersStore(consoleDb);
  }, 60_000);

  afterAll(async () => {
    await consoleDb.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('adds a user from stdin, changes the password, lists and removes it', async () => {
    expect(
      await spawnUsers(dataDir, ['add', 'viewer', '--role', 'viewer', '--password-stdin'], 'viewer-pass-123\n'),
    ).toMatchObject({ status: 0, stdout: expect.stringContaining('Added viewer (viewer) to '), stderr: '' });
    expect(await store.verify('viewer', 'viewer-pass-123')).toMatchObject({ name: 'viewer', role: 'viewer' });

    expect((await command(['passwd', 'viewer', '--password-stdin'], 'viewer-pass-456\n')).status).toBe(0);
    expect(await store.verify('viewer', 'viewer-pass-456')).toMatchObject({ name: 'viewer', role: 'viewer' });

    expect((await command(['list'])).stdout).toContain('viewer\tviewer');
    expect((await command(['remove', 'viewer'])).status).toBe(0);
    expect(await store.list()).toEqual([]);
  }, 90_000);

  it('changes a role in place and keeps the last admin', async () => {
    await store.add('boss', 'admin', 'long-enough');
    await store.add('sam', 'viewer', 'long-enough');
    expect(await command(['role', 'sam', 'editor'])).toMatchObject({
      status: 0,
      stdout: expect.stringContaining('sam is now editor'),
    });
    expect((await store.find('sam'))?.role).toBe('editor');
    const refused = await spawnUsers(dataDir, ['role', 'boss', 'viewer']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('"boss" is the last admin');
    const bad = await command(['role', 'sam', 'owner']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/role needs a new role: one of viewer, editor, admin/);
    await store.remove('sam');
  }, 90_000);

  it('writes every change to the audit log, by the shell account, as the Users page does', async () => {
    const before = await consoleDb.query<{ n: number }>('select count(*)::int as n from audit_events');
    expect((await command(['add', 'audited', '--role', 'viewer', '--password-stdin'], 'audited-pass-1\n')).status).toBe(
      0,
    );
    expect((await command(['role', 'audited', 'editor'])).status).toBe(0);
    expect((await command(['passwd', 'audited', '--password-stdin'], 'audited-pass-2\n')).status).toBe(0);
    expect((await command(['remove', 'audited'])).status).toBe(0);
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
    const { status, stdout } = await command(['add', 'ed', '--role', 'editor']);
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
    const { status, stderr } = await command(args, input);
    expect(status).not.toBe(0);
    expect(stderr).toMatch(message);
  });
});

describe('npm run users with no console running', () => {
  it('opens the embedded database itself, and a second console on the folder is refused by name', async () => {
    // An empty data folder: the command makes the database there, as a first `npm run users` before `npm start` does.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sluice-cli-'));
    try {
      expect(
        await runUsersInProcess(dataDir, ['add', 'solo', '--role', 'admin', '--password-stdin'], {
          input: 'solo-password\n',
        }),
      ).toMatchObject({
        status: 0,
        stdout: `Added solo (admin) to the embedded database in ${path.join(dataDir, 'db')}\n`,
      });
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
  }, 90_000);
});
