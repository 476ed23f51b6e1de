import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../server/db/open';
import type { Database } from '../server/db/types';
import { withUsersStore } from './open-users';
import { UsersStore } from './users-store';

const root = path.resolve(import.meta.dirname, '..', '..');
const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');

/** Runs `npm run users -- …` as a separate process, the way an operator does. */
function users(
  dataDir: string,
  args: string[],
  input = '',
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsx, path.join(root, 'scripts', 'users.ts'), ...args], {
      cwd: root,
      env: { ...process.env, SLUICE_DATA_DIR: dataDir, CONSOLE_ADMIN_PASSWORD: '', DATABASE_URL: '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(input);
  });
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
  });

  it('changes a role in place, and a role on one service, and keeps the last admin', async () => {
    await store.add('boss', 'admin', 'long-enough');
    await store.add('sam', 'viewer', 'long-enough');
    expect(await users(dataDir, ['role', 'sam', 'editor'])).toMatchObject({
      status: 0,
      stdout: expect.stringContaining('sam is now editor'),
    });
    expect((await store.find('sam'))?.role).toBe('editor');
    expect((await users(dataDir, ['role', 'sam', 'admin', '--service', 'svc-staging'])).status).toBe(0);
    expect((await users(dataDir, ['list'])).stdout).toMatch(/sam\teditor\t.*\tadmin@svc-staging/);
    expect((await users(dataDir, ['role', 'sam', 'default', '--service', 'svc-staging'])).status).toBe(0);
    expect((await store.find('sam'))?.services).toEqual({});
    const refused = await users(dataDir, ['role', 'boss', 'viewer']);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('"boss" is the last admin');
    const bad = await users(dataDir, ['role', 'sam', 'owner']);
    expect(bad.stderr).toMatch(/role needs a new role: one of viewer, editor, admin/);
    await store.remove('sam');
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
