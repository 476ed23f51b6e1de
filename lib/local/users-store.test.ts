import { mkdtempSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../server/db/testing';
import type { PgliteDatabase } from '../server/db/pglite';
import { hashPassword, verifyPasswordHash } from './passwords';
import { resolveSessionSecret } from './session-secret';
import { importUsersFile } from './users-file-import';
import { USER_CACHE_MS, UsersStore } from './users-store';

let db: PgliteDatabase;
let users: UsersStore;
let dir: string;

beforeAll(async () => {
  db = await openTestDatabase();
});

afterAll(async () => {
  await db.close();
});

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'sluice-users-'));
  process.env.SLUICE_DATA_DIR = dir;
  delete process.env.CONSOLE_ADMIN_PASSWORD;
  delete process.env.SESSION_SECRET;
  await db.query('delete from users');
  users = new UsersStore(db);
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

describe('users in the database', () => {
  it('adds, verifies, changes and removes users', async () => {
    await users.add('viewer', 'viewer', 'viewer-pass-123');
    expect(await users.verify('viewer', 'viewer-pass-123')).toMatchObject({
      id: 'viewer',
      name: 'viewer',
      role: 'viewer',
      method: 'password',
    });
    expect(await users.verify('viewer', 'wrong-password')).toBeNull();
    expect(await users.verify('nobody', 'viewer-pass-123')).toBeNull();

    await users.setPassword('viewer', 'another-pass-456');
    expect(await users.verify('viewer', 'viewer-pass-123')).toBeNull();
    expect(await users.verify('viewer', 'another-pass-456')).toMatchObject({ name: 'viewer', role: 'viewer' });

    expect(await users.list()).toEqual([
      {
        id: 'viewer',
        name: 'viewer',
        role: 'viewer',
        method: 'password',
        createdAt: expect.any(String),
        lastSignInAt: null,
        services: {},
      },
    ]);
    await users.remove('viewer');
    expect(await users.verify('viewer', 'another-pass-456')).toBeNull();
  });

  it('stores only a hash of the password', async () => {
    await users.add('ed', 'editor', 'editor-pass-1');
    const rows = await db.query<{ password_hash: string }>('select password_hash from users');
    expect(JSON.stringify(rows)).not.toContain('editor-pass-1');
    expect(rows[0]?.password_hash).toMatch(/^scrypt\$/);
  });

  it.each([
    ['Bad', 'viewer', 'long-enough', /Invalid user name/],
    ['9lives', 'viewer', 'long-enough', /Invalid user name/],
    ['a'.repeat(33), 'viewer', 'long-enough', /Invalid user name/],
    ['ok', 'owner', 'long-enough', /Invalid role "owner"/],
    ['ok', 'viewer', 'short', /at least 8 characters/],
  ])('refuses add(%s, %s, %s)', async (name, role, password, message) => {
    await expect(users.add(name, role, password)).rejects.toThrow(message);
  });

  it('refuses duplicates and unknown users with named errors', async () => {
    await users.add('dup', 'viewer', 'long-enough');
    await expect(users.add('dup', 'viewer', 'long-enough')).rejects.toThrow('User "dup" already exists');
    await expect(users.remove('ghost')).rejects.toThrow('No user named "ghost"');
    await expect(users.setPassword('ghost', 'long-enough')).rejects.toThrow('No user named "ghost"');
  });

  it('sees users added by others at the next lookup, and tracks password changes for sessions', async () => {
    expect(await users.lookup('late')).toBeNull();
    await new UsersStore(db).add('late', 'editor', 'long-enough');
    // Another process's change counts once this store's second-long cache has passed.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + USER_CACHE_MS);
    const first = await users.lookup('late');
    vi.useRealTimers();
    expect(first).toMatchObject({ name: 'late', role: 'editor' });
    await users.setPassword('late', 'changed-password');
    expect((await users.lookup('late'))?.credentialTag).not.toBe(first?.credentialTag);
  });

  it('checks the current password before changing it', async () => {
    await users.add('pat', 'editor', 'first-password');
    expect(await users.changePassword('pat', 'wrong-password', 'second-password')).toBeNull();
    const changed = await users.changePassword('pat', 'first-password', 'second-password');
    expect(changed).toMatchObject({ id: 'pat', method: 'password' });
    expect(await users.verify('pat', 'second-password')).not.toBeNull();
  });

  it('keeps single sign-on users apart: refreshed at each sign-in, removable by name, no password', async () => {
    const first = await users.upsertSso({
      id: 'sso:abc:123',
      name: 'Alice Example',
      email: 'alice@example.com',
      role: 'viewer',
    });
    const second = await users.upsertSso({
      id: 'sso:abc:123',
      name: 'Alice Example',
      email: 'alice@example.com',
      role: 'admin',
    });
    expect(second).toMatchObject({
      id: 'sso:abc:123',
      role: 'admin',
      method: 'sso',
      credentialTag: first.credentialTag,
    });
    expect(await users.verify('sso:abc:123', 'anything')).toBeNull();
    await expect(users.setPassword('Alice Example', 'long-enough')).rejects.toThrow(/signs in with single sign-on/);
    // Alice is the only admin: someone else must be one before she can go.
    await expect(users.remove('Alice Example')).rejects.toThrow(/last admin/);
    await users.add('root', 'admin', 'long-enough');
    await users.remove('Alice Example');
    expect(await users.lookup('sso:abc:123')).toBeNull();
  });
});

describe('users file of earlier versions', () => {
  it('is imported once, keeping hashes (and so sessions), then set aside', async () => {
    const hash = hashPassword('from-the-file');
    const file = path.join(dir, 'users.json');
    writeFileSync(
      file,
      JSON.stringify({
        users: [{ name: 'old', role: 'editor', passwordHash: hash, createdAt: '2024-01-02T03:04:05.000Z' }],
      }),
    );
    expect(await importUsersFile(db)).toEqual({ file, imported: 1 });
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.imported`)).toBe(true);
    expect(await users.verify('old', 'from-the-file')).toMatchObject({ name: 'old', role: 'editor' });
    expect((await users.list())[0]?.createdAt).toBe('2024-01-02T03:04:05.000Z');
    expect(await importUsersFile(db)).toBeNull();
  });

  it('refuses a broken file with its name', async () => {
    writeFileSync(path.join(dir, 'users.json'), '{not json');
    await expect(importUsersFile(db)).rejects.toThrow(/users\.json is not valid JSON/);
  });
});

describe('built-in admin', () => {
  it('uses CONSOLE_ADMIN_PASSWORD when set', async () => {
    process.env.CONSOLE_ADMIN_PASSWORD = 'admin-from-env';
    expect(await users.ensureAdminPassword()).toEqual({});
    expect(await users.verify('admin', 'admin-from-env')).toMatchObject({ name: 'admin', role: 'admin' });
    expect(await users.verify('admin', 'admin-from-enw')).toBeNull();
    expect(await users.list()).toEqual([]);
  });

  it('refuses a too-short CONSOLE_ADMIN_PASSWORD', async () => {
    process.env.CONSOLE_ADMIN_PASSWORD = 'short';
    await expect(users.ensureAdminPassword()).rejects.toThrow(/CONSOLE_ADMIN_PASSWORD is too short/);
  });

  it('generates a password once, stores only its hash', async () => {
    const { generatedPassword } = await users.ensureAdminPassword();
    expect(generatedPassword).toMatch(/^[\w-]{24}$/);
    expect(await users.ensureAdminPassword()).toEqual({});
    expect(JSON.stringify(await db.query('select * from users'))).not.toContain(generatedPassword);
    expect(await users.verify('admin', generatedPassword ?? '')).toMatchObject({ name: 'admin', role: 'admin' });
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

  it('changes a role in place, seen by the next lookup after the cache second', async () => {
    await users.add('boss', 'admin', 'long-enough');
    await users.add('sam', 'viewer', 'long-enough');
    expect(await users.lookup('sam')).toMatchObject({ role: 'viewer' });
    expect(await users.setRole('sam', 'editor')).toMatchObject({ id: 'sam', role: 'editor' });
    // This store forgets its cached record at once; another console's within a second.
    expect(await users.lookup('sam')).toMatchObject({ role: 'editor' });
    await expect(users.setRole('sam', 'owner')).rejects.toThrow('Invalid role "owner"');
    await expect(users.setRole('ghost', 'viewer')).rejects.toThrow('No user named "ghost"');
  });

  it('never demotes or removes the last admin', async () => {
    await users.add('boss', 'admin', 'long-enough');
    await expect(users.setRole('boss', 'editor')).rejects.toThrow('"boss" is the last admin');
    await expect(users.remove('boss')).rejects.toThrow('"boss" is the last admin');
    await users.add('deputy', 'admin', 'long-enough');
    await users.setRole('boss', 'editor');
    await expect(users.remove('deputy')).rejects.toThrow('"deputy" is the last admin');
    expect((await users.list()).filter((user) => user.role === 'admin').map((user) => user.id)).toEqual(['deputy']);
  });

  it('counts the admin from CONSOLE_ADMIN_PASSWORD, and never changes that account', async () => {
    process.env.CONSOLE_ADMIN_PASSWORD = 'from-the-environment';
    await users.add('boss', 'admin', 'long-enough');
    await users.setRole('boss', 'viewer');
    await expect(users.remove('admin')).rejects.toThrow(/comes from CONSOLE_ADMIN_PASSWORD/);
    await expect(users.resetPassword('admin')).rejects.toThrow(/CONSOLE_ADMIN_PASSWORD/);
  });

  it('keeps per-service roles beside the organization-wide role, and clears them', async () => {
    await users.add('boss', 'admin', 'long-enough');
    await users.add('sam', 'viewer', 'long-enough');
    const changed = await users.setServiceRoles('sam', { 'svc-staging': 'editor', 'svc-prod': 'viewer' });
    expect(changed.services).toEqual({ 'svc-staging': 'editor', 'svc-prod': 'viewer' });
    expect(await users.lookup('sam')).toMatchObject({
      role: 'viewer',
      services: { 'svc-staging': 'editor', 'svc-prod': 'viewer' },
    });
    await users.setServiceRoles('sam', { 'svc-prod': null });
    expect((await users.find('sam'))?.services).toEqual({ 'svc-staging': 'editor' });
    await expect(users.setServiceRoles('sam', { 'svc-prod': 'owner' })).rejects.toThrow('Invalid role "owner"');
    // Removing the user removes their per-service roles with them.
    await users.remove('sam');
    expect(await db.query('select * from user_service_roles')).toEqual([]);
  });

  it('resets a local password to a generated one that works, ending older sessions', async () => {
    await users.add('sam', 'viewer', 'long-enough');
    const before = await users.lookup('sam');
    const { password } = await users.resetPassword('sam');
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect(await users.verify('sam', password)).toMatchObject({ id: 'sam' });
    expect(await users.verify('sam', 'long-enough')).toBeNull();
    expect((await users.lookup('sam'))?.credentialTag).not.toBe(before?.credentialTag);
  });
});
