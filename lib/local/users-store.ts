import { createHash, randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROLES, type Role, type SessionUser } from '../auth/roles';
import { dataDir, dataDirPath } from './data-dir';

export const USER_NAME_PATTERN = /^[a-z][a-z0-9._-]{0,31}$/;
export const PASSWORD_MIN_LENGTH = 8;
/** Bounds the work an anonymous sign-in attempt can cause. */
export const PASSWORD_MAX_LENGTH = 1024;
export const BUILT_IN_ADMIN = 'admin';

const SCRYPT = { N: 16384, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;

export interface StoredUser {
  name: string;
  role: Role;
  passwordHash: string;
  createdAt: string;
}

export interface PublicUser {
  name: string;
  role: Role;
  createdAt: string;
}

/** A user as the session layer needs it; `credentialTag` changes when the password does. */
export interface KnownUser extends SessionUser {
  credentialTag: string;
}

export class UserStoreError extends Error {
  override name = 'UserStoreError';
}

function usersFilePath(): string {
  return path.join(dataDirPath(), 'users.json');
}

function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

function parseUsersFile(text: string, file: string): StoredUser[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UserStoreError(`${file} is not valid JSON; fix or delete it`);
  }
  const users = (parsed as { users?: unknown } | null)?.users;
  if (!Array.isArray(users)) throw new UserStoreError(`${file} has no "users" array; fix or delete it`);
  return users.filter(
    (u): u is StoredUser =>
      typeof u === 'object' &&
      u !== null &&
      typeof u.name === 'string' &&
      isRole(u.role) &&
      typeof u.passwordHash === 'string' &&
      typeof u.createdAt === 'string',
  );
}

function readUsers(): StoredUser[] {
  const file = usersFilePath();
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return parseUsersFile(text, file);
}

function writeUsers(users: StoredUser[]): void {
  const file = path.join(dataDir(), 'users.json');
  // Write-then-rename so a running server never reads a half-written file.
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, `${JSON.stringify({ users }, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, file);
}

export function hashPassword(password: string): string {
  const salt = randomBytes(SCRYPT.saltLength);
  const hash = scryptSync(password, salt, SCRYPT.keyLength, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p });
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

function scryptAsync(password: string, salt: Buffer, keyLength: number, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem must cover 128·N·r bytes, or Node refuses larger cost parameters read from the file.
    scrypt(password, salt, keyLength, { N, r, p, maxmem: 256 * N * r }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Async so a sign-in does not block the server's event loop for the length of a hash. */
export async function verifyPasswordHash(password: string, encoded: string): Promise<boolean> {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (!N || !r || !p || salt.length === 0 || expected.length === 0) return false;
  try {
    const actual = await scryptAsync(password, salt, expected.length, N, r, p);
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function environmentAdminPassword(): string | undefined {
  const value = process.env.CONSOLE_ADMIN_PASSWORD;
  return value === undefined || value === '' ? undefined : value;
}

let dummyHash: string | undefined;

/** Spends the same scrypt work as a real check so unknown names cannot be told apart by timing. */
async function burnVerification(password: string): Promise<null> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPasswordHash(password, dummyHash);
  return null;
}

export function validateUserName(name: string): void {
  if (!USER_NAME_PATTERN.test(name)) {
    throw new UserStoreError(
      `Invalid user name "${name}": use 1-32 characters, a lowercase letter first, then lowercase letters, digits, ".", "_" or "-"`,
    );
  }
}

export function validatePassword(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw new UserStoreError(`Password too short: it needs at least ${PASSWORD_MIN_LENGTH} characters`);
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    throw new UserStoreError(`Password too long: at most ${PASSWORD_MAX_LENGTH} characters`);
  }
}

function validateRole(role: string): asserts role is Role {
  if (!isRole(role)) throw new UserStoreError(`Invalid role "${role}": use one of ${ROLES.join(', ')}`);
}

function toPublic(user: StoredUser): PublicUser {
  return { name: user.name, role: user.role, createdAt: user.createdAt };
}

export function addUser(name: string, role: string, password: string): PublicUser {
  validateUserName(name);
  validateRole(role);
  validatePassword(password);
  const users = readUsers();
  if (users.some((u) => u.name === name)) throw new UserStoreError(`User "${name}" already exists`);
  const user: StoredUser = { name, role, passwordHash: hashPassword(password), createdAt: new Date().toISOString() };
  writeUsers([...users, user]);
  return toPublic(user);
}

export function removeUser(name: string): void {
  const users = readUsers();
  if (!users.some((u) => u.name === name)) throw new UserStoreError(`No user named "${name}"`);
  writeUsers(users.filter((u) => u.name !== name));
}

export function setPassword(name: string, password: string): void {
  validatePassword(password);
  const users = readUsers();
  const user = users.find((u) => u.name === name);
  if (!user) throw new UserStoreError(`No user named "${name}"`);
  user.passwordHash = hashPassword(password);
  writeUsers(users);
}

export function listUsers(): PublicUser[] {
  return readUsers().map(toPublic);
}

export async function verifyUser(name: string, password: string): Promise<SessionUser | null> {
  if (!USER_NAME_PATTERN.test(name) || password.length === 0 || password.length > PASSWORD_MAX_LENGTH) {
    return burnVerification(password.slice(0, PASSWORD_MAX_LENGTH));
  }
  const adminPassword = name === BUILT_IN_ADMIN ? environmentAdminPassword() : undefined;
  if (adminPassword !== undefined) {
    // Comparing digests keeps the comparison constant-time whatever the lengths.
    return timingSafeEqual(sha256(password), sha256(adminPassword)) ? { name, role: 'admin' } : null;
  }
  const user = readUsers().find((u) => u.name === name);
  if (!user) return burnVerification(password);
  return (await verifyPasswordHash(password, user.passwordHash)) ? { name: user.name, role: user.role } : null;
}

/**
 * Makes sure the built-in admin can sign in. With `CONSOLE_ADMIN_PASSWORD` set that password
 * rules; otherwise a strong one is generated the first time and only its hash is kept, so the
 * caller must show the returned plaintext now: it cannot be recovered later.
 */
export function ensureAdminPassword(): { generatedPassword?: string } {
  const fromEnvironment = environmentAdminPassword();
  if (fromEnvironment !== undefined) {
    if (fromEnvironment.length < PASSWORD_MIN_LENGTH) {
      throw new UserStoreError(`CONSOLE_ADMIN_PASSWORD is too short: it needs at least ${PASSWORD_MIN_LENGTH} characters`);
    }
    return {};
  }
  const users = readUsers();
  if (users.some((u) => u.name === BUILT_IN_ADMIN)) return {};
  const generatedPassword = randomBytes(18).toString('base64url');
  writeUsers([
    ...users,
    { name: BUILT_IN_ADMIN, role: 'admin', passwordHash: hashPassword(generatedPassword), createdAt: new Date().toISOString() },
  ]);
  return { generatedPassword };
}

interface UsersSnapshot {
  file: string;
  stamp: string;
  byName: Map<string, KnownUser>;
}

let snapshot: UsersSnapshot | undefined;

function credentialTag(secretMaterial: string): string {
  return sha256(secretMaterial).subarray(0, 12).toString('base64url');
}

/**
 * The current record of a signed-in user, re-read only when the users file changes, so that
 * removing a user, changing a role or a password takes effect on the next request.
 */
let environmentAdmin: { password: string; user: KnownUser } | undefined;

export function lookupUser(name: string): KnownUser | null {
  const adminPassword = name === BUILT_IN_ADMIN ? environmentAdminPassword() : undefined;
  if (adminPassword !== undefined) {
    if (environmentAdmin?.password !== adminPassword) {
      environmentAdmin = { password: adminPassword, user: { name, role: 'admin', credentialTag: credentialTag(`env:${adminPassword}`) } };
    }
    return environmentAdmin.user;
  }

  const file = usersFilePath();
  let stamp: string;
  try {
    const stat = statSync(file);
    stamp = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  if (!snapshot || snapshot.file !== file || snapshot.stamp !== stamp) {
    const byName = new Map<string, KnownUser>();
    for (const user of readUsers()) {
      byName.set(user.name, { name: user.name, role: user.role, credentialTag: credentialTag(user.passwordHash) });
    }
    snapshot = { file, stamp, byName };
  }
  return snapshot.byName.get(name) ?? null;
}
