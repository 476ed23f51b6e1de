import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listUsers, verifyUser } from './users-store';

const root = path.resolve(import.meta.dirname, '..', '..');
const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');

function users(args: string[], input?: string) {
  const result = spawnSync(process.execPath, [tsx, path.join(root, 'scripts', 'users.ts'), ...args], {
    cwd: root,
    env: { ...process.env, CONSOLE_ADMIN_PASSWORD: '' },
    input: input ?? '',
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeEach(() => {
  process.env.SLUICE_DATA_DIR = mkdtempSync(path.join(tmpdir(), 'sluice-cli-'));
});

afterEach(() => {
  rmSync(process.env.SLUICE_DATA_DIR ?? '', { recursive: true, force: true });
});

describe('npm run users', () => {
  it('adds a user from stdin, changes the password and removes it', async () => {
    expect(users(['add', 'viewer', '--role', 'viewer', '--password-stdin'], 'viewer-pass-123\n')).toMatchObject({ status: 0 });
    expect(await verifyUser('viewer', 'viewer-pass-123')).toEqual({ name: 'viewer', role: 'viewer' });

    expect(users(['passwd', 'viewer', '--password-stdin'], 'viewer-pass-456\n').status).toBe(0);
    expect(await verifyUser('viewer', 'viewer-pass-456')).toEqual({ name: 'viewer', role: 'viewer' });

    expect(users(['list']).stdout).toContain('viewer\tviewer');
    expect(users(['remove', 'viewer']).status).toBe(0);
    expect(listUsers()).toEqual([]);
  });

  it('generates and prints a password when stdin is not a terminal', async () => {
    const { status, stdout } = users(['add', 'ed', '--role', 'editor']);
    expect(status).toBe(0);
    const password = /Generated password for ed: (\S+)/.exec(stdout)?.[1] ?? '';
    expect(await verifyUser('ed', password)).toEqual({ name: 'ed', role: 'editor' });
  });

  it.each([
    [['add', 'x', '--role', 'owner', '--password-stdin'], 'long-enough', /Invalid role "owner"/],
    [['add', 'x', '--password-stdin'], 'long-enough', /add needs --role/],
    [['add', 'Bad', '--role', 'viewer', '--password-stdin'], 'long-enough', /Invalid user name "Bad"/],
    [['add', 'x', '--role', 'viewer', '--password-stdin'], 'short', /at least 8 characters/],
    [['remove', 'ghost'], '', /No user named "ghost"/],
    [['frob'], '', /Unknown command "frob"/],
  ])('fails clearly for %j', (args, input, message) => {
    const { status, stderr } = users(args, input);
    expect(status).not.toBe(0);
    expect(stderr).toMatch(message);
  });
});
