import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveSessionSecret } from './session-secret';
import {
  addUser,
  ensureAdminPassword,
  hashPassword,
  listUsers,
  lookupUser,
  removeUser,
  setPassword,
  verifyPasswordHash,
  verifyUser,
} from './users-store';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'sluice-users-'));
  process.env.SLUICE_DATA_DIR = dir;
  delete process.env.CONSOLE_ADMIN_PASSWORD;
  delete process.env.SESSION_SECRET;
});

afterEach(() => {
  delete process.env.CONSOLE_ADMIN_PASSWORD;
  rmSync(dir, { recursive: true, force: true });
});

describe('password hashes', () => {
  it('round-trips through scrypt and rejects a wrong password', async () => {
    const hash = hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPasswordHash('correct horse', hash)).toBe(true);
    expect(await verifyPasswordHash('correct horsf', hash)).toBe(false);
    expect(await verifyPasswordHash('correct horse', 'garbage')).toBe(false);
  });

  it('salts every hash', () => {
    expect(hashPassword('same-password')).not.toBe(hashPassword('same-password'));
  });
});

describe('users file', () => {
  it('adds, verifies, changes and removes users', async () => {
    addUser('viewer', 'viewer', 'viewer-pass-123');
    expect(await verifyUser('viewer', 'viewer-pass-123')).toEqual({ name: 'viewer', role: 'viewer' });
    expect(await verifyUser('viewer', 'wrong-password')).toBeNull();
    expect(await verifyUser('nobody', 'viewer-pass-123')).toBeNull();

    setPassword('viewer', 'another-pass-456');
    expect(await verifyUser('viewer', 'viewer-pass-123')).toBeNull();
    expect(await verifyUser('viewer', 'another-pass-456')).toEqual({ name: 'viewer', role: 'viewer' });

    expect(listUsers()).toEqual([{ name: 'viewer', role: 'viewer', createdAt: expect.any(String) }]);
    removeUser('viewer');
    expect(await verifyUser('viewer', 'another-pass-456')).toBeNull();
  });

  it('stores only hashes, owner-readable', () => {
    addUser('ed', 'editor', 'editor-pass-1');
    const file = path.join(dir, 'users.json');
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('editor-pass-1');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it.each([
    ['Bad', 'viewer', 'long-enough', /Invalid user name/],
    ['9lives', 'viewer', 'long-enough', /Invalid user name/],
    ['a'.repeat(33), 'viewer', 'long-enough', /Invalid user name/],
    ['ok', 'owner', 'long-enough', /Invalid role "owner"/],
    ['ok', 'viewer', 'short', /at least 8 characters/],
  ])('refuses add(%s, %s, %s)', (name, role, password, message) => {
    expect(() => addUser(name, role, password)).toThrow(message);
  });

  it('refuses duplicates and unknown users with named errors', () => {
    addUser('dup', 'viewer', 'long-enough');
    expect(() => addUser('dup', 'viewer', 'long-enough')).toThrow('User "dup" already exists');
    expect(() => removeUser('ghost')).toThrow('No user named "ghost"');
    expect(() => setPassword('ghost', 'long-enough')).toThrow('No user named "ghost"');
  });

  it('sees users added while running, and tracks password changes for sessions', () => {
    expect(lookupUser('late')).toBeNull();
    addUser('late', 'editor', 'long-enough');
    const first = lookupUser('late');
    expect(first).toMatchObject({ name: 'late', role: 'editor' });
    setPassword('late', 'changed-password');
    expect(lookupUser('late')?.credentialTag).not.toBe(first?.credentialTag);
  });
});

describe('built-in admin', () => {
  it('uses CONSOLE_ADMIN_PASSWORD when set', async () => {
    process.env.CONSOLE_ADMIN_PASSWORD = 'admin-from-env';
    expect(ensureAdminPassword()).toEqual({});
    expect(await verifyUser('admin', 'admin-from-env')).toEqual({ name: 'admin', role: 'admin' });
    expect(await verifyUser('admin', 'admin-from-enw')).toBeNull();
    expect(listUsers()).toEqual([]);
  });

  it('refuses a too-short CONSOLE_ADMIN_PASSWORD', () => {
    process.env.CONSOLE_ADMIN_PASSWORD = 'short';
    expect(() => ensureAdminPassword()).toThrow(/CONSOLE_ADMIN_PASSWORD is too short/);
  });

  it('generates a password once, stores only its hash', async () => {
    const { generatedPassword } = ensureAdminPassword();
    expect(generatedPassword).toMatch(/^[\w-]{24}$/);
    expect(ensureAdminPassword()).toEqual({});
    expect(readFileSync(path.join(dir, 'users.json'), 'utf8')).not.toContain(generatedPassword);
    expect(await verifyUser('admin', generatedPassword ?? '')).toEqual({ name: 'admin', role: 'admin' });
  });
});

describe('session secret', () => {
  it('generates one secret into the data folder and keeps it', () => {
    const first = resolveSessionSecret();
    expect(first.length).toBeGreaterThanOrEqual(64);
    expect(resolveSessionSecret()).toBe(first);
    expect(statSync(path.join(dir, 'session-secret')).mode & 0o777).toBe(0o600);
  });

  it('takes SESSION_SECRET and refuses a short one', () => {
    process.env.SESSION_SECRET = 'x'.repeat(32);
    expect(resolveSessionSecret()).toBe('x'.repeat(32));
    process.env.SESSION_SECRET = 'too-short';
    expect(() => resolveSessionSecret()).toThrow(/SESSION_SECRET must be at least 32 characters/);
    delete process.env.SESSION_SECRET;
  });
});
