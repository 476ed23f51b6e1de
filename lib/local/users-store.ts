import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../server/db/types';
import { ROLES, type Role, type SessionUser, type SignInMethod } from '../auth/roles';
import {
  burnVerification,
  credentialTag,
  hashPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  sha256,
  USER_NAME_PATTERN,
  UserStoreError,
  validatePassword,
  validateUserName,
  verifyPasswordHash,
} from './passwords';

export { UserStoreError, hashPassword, verifyPasswordHash, validatePassword, validateUserName, USER_NAME_PATTERN };

export const BUILT_IN_ADMIN = 'admin';

export interface PublicUser {
  /** Local users: the name they sign in with. Single sign-on users: `sso:…`. */
  id: string;
  name: string;
  role: Role;
  method: SignInMethod;
  createdAt: string;
  lastSignInAt: string | null;
}

/** A user as the session layer needs it; `credentialTag` changes when the password does. */
export interface KnownUser extends SessionUser {
  id: string;
  method: SignInMethod;
  credentialTag: string;
}

export interface SsoIdentity {
  /** Stable across sign-ins: derived from the issuer and the subject. */
  id: string;
  name: string;
  email?: string;
  role: Role;
}

interface UserRow {
  id: string;
  name: string;
  role: Role;
  method: SignInMethod;
  password_hash: string | null;
  credential_tag: string;
  created_at: Date | string;
  last_sign_in_at: Date | string | null;
}

const COLUMNS = 'id, name, role, method, password_hash, credential_tag, created_at, last_sign_in_at';
/** Postgres's SQLSTATE for a unique violation. */
const UNIQUE_VIOLATION = '23505';
/** Sessions re-read their user at most this often, so a removal or a new role counts within a second. */
export const USER_CACHE_MS = 1_000;
const MAX_CACHED = 5_000;

function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

function validateRole(role: string): asserts role is Role {
  if (!isRole(role)) throw new UserStoreError(`Invalid role "${role}": use one of ${ROLES.join(', ')}`);
}

/** PGlite and pg give dates; the socket to a running console gives their JSON text. */
export function isoTime(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function toPublic(row: UserRow): PublicUser {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    method: row.method,
    createdAt: isoTime(row.created_at),
    lastSignInAt: row.last_sign_in_at === null ? null : isoTime(row.last_sign_in_at),
  };
}

function toKnown(row: Pick<UserRow, 'id' | 'name' | 'role' | 'method' | 'credential_tag'>): KnownUser {
  return { id: row.id, name: row.name, role: row.role, method: row.method, credentialTag: row.credential_tag };
}

function environmentAdminPassword(): string | undefined {
  const value = process.env.CONSOLE_ADMIN_PASSWORD;
  return value === undefined || value === '' ? undefined : value;
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION;
}

/** The console's users, in its database (the embedded PGlite or Postgres). */
export class UsersStore {
  private readonly cache = new Map<string, { user: KnownUser | null; at: number }>();
  private environmentAdmin: { password: string; user: KnownUser } | undefined;

  constructor(readonly db: Database) {}

  private forget(id?: string): void {
    if (id === undefined) this.cache.clear();
    else this.cache.delete(id);
  }

  async add(name: string, role: string, password: string): Promise<PublicUser> {
    validateUserName(name);
    validateRole(role);
    validatePassword(password);
    const passwordHash = hashPassword(password);
    try {
      const [row] = await this.db.query<UserRow>(
        `insert into users (id, name, method, role, password_hash, credential_tag) values ($1, $1, 'password', $2, $3, $4) returning ${COLUMNS}`,
        [name, role, passwordHash, credentialTag(passwordHash)],
      );
      this.forget(name);
      return toPublic(row!);
    } catch (error) {
      if (isUniqueViolation(error)) throw new UserStoreError(`User "${name}" already exists`);
      throw error;
    }
  }

  /** Removes a local user by name, or a single sign-on user by id or (when unambiguous) by name. */
  async remove(nameOrId: string): Promise<void> {
    const byId = await this.db.query<{ id: string }>('delete from users where id = $1 returning id', [nameOrId]);
    if (byId.length > 0) return this.forget(nameOrId);
    const named = await this.db.query<{ id: string }>(`select id from users where method = 'sso' and name = $1`, [nameOrId]);
    if (named.length === 0) throw new UserStoreError(`No user named "${nameOrId}"`);
    if (named.length > 1) {
      throw new UserStoreError(`Several single sign-on users are named "${nameOrId}"; remove one by its id (see \`list\`)`);
    }
    await this.db.query('delete from users where id = $1', [named[0]!.id]);
    this.forget(named[0]!.id);
  }

  async setPassword(name: string, password: string): Promise<KnownUser> {
    validatePassword(password);
    const passwordHash = hashPassword(password);
    const [row] = await this.db.query<UserRow>(
      `update users set password_hash = $2, credential_tag = $3, updated_at = now() where id = $1 and method = 'password' returning ${COLUMNS}`,
      [name, passwordHash, credentialTag(passwordHash)],
    );
    this.forget(name);
    if (row) return toKnown(row);
    const [other] = await this.db.query<{ id: string }>(`select id from users where id = $1 or (method = 'sso' and name = $1)`, [name]);
    if (other) throw new UserStoreError(`"${name}" signs in with single sign-on and has no password here`);
    throw new UserStoreError(`No user named "${name}"`);
  }

  /** A signed-in user's own change: the current password must be right. */
  async changePassword(id: string, currentPassword: string, newPassword: string): Promise<KnownUser | null> {
    if (!(await this.verify(id, currentPassword))) return null;
    return this.setPassword(id, newPassword);
  }

  async list(): Promise<PublicUser[]> {
    const rows = await this.db.query<UserRow>(`select ${COLUMNS} from users order by method, name, id`);
    return rows.map(toPublic);
  }

  /** The local user for a name and password, or null; as slow for unknown names as for known ones. */
  async verify(name: string, password: string): Promise<KnownUser | null> {
    if (!USER_NAME_PATTERN.test(name) || password.length === 0 || password.length > PASSWORD_MAX_LENGTH) {
      return burnVerification(password.slice(0, PASSWORD_MAX_LENGTH));
    }
    const adminPassword = name === BUILT_IN_ADMIN ? environmentAdminPassword() : undefined;
    if (adminPassword !== undefined) {
      // Comparing digests keeps the comparison constant-time whatever the lengths.
      return timingSafeEqual(sha256(password), sha256(adminPassword)) ? this.lookupEnvironmentAdmin(adminPassword) : null;
    }
    const [row] = await this.db.query<UserRow>(`select ${COLUMNS} from users where id = $1 and method = 'password'`, [name]);
    if (!row?.password_hash) return burnVerification(password);
    return (await verifyPasswordHash(password, row.password_hash)) ? toKnown(row) : null;
  }

  private lookupEnvironmentAdmin(password: string): KnownUser {
    if (this.environmentAdmin?.password !== password) {
      const user: KnownUser = { id: BUILT_IN_ADMIN, name: BUILT_IN_ADMIN, role: 'admin', method: 'password', credentialTag: credentialTag(`env:${password}`) };
      this.environmentAdmin = { password, user };
    }
    return this.environmentAdmin.user;
  }

  /**
   * The current record of a signed-in user, re-read at most every second, so that removing a user,
   * changing a role or a password takes effect on the next request after that.
   */
  async lookup(id: string): Promise<KnownUser | null> {
    const adminPassword = id === BUILT_IN_ADMIN ? environmentAdminPassword() : undefined;
    if (adminPassword !== undefined) return this.lookupEnvironmentAdmin(adminPassword);
    const now = Date.now();
    const cached = this.cache.get(id);
    if (cached && now - cached.at < USER_CACHE_MS) return cached.user;
    const [row] = await this.db.query<UserRow>(`select ${COLUMNS} from users where id = $1`, [id]);
    const user = row ? toKnown(row) : null;
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    this.cache.set(id, { user, at: now });
    return user;
  }

  /** Creates or refreshes a single sign-on user at sign-in: the identity provider decides name and role. */
  async upsertSso(identity: SsoIdentity): Promise<KnownUser> {
    const [row] = await this.db.query<UserRow>(
      `insert into users (id, name, method, role, email, credential_tag, last_sign_in_at)
       values ($1, $2, 'sso', $3, $4, $5, now())
       on conflict (id) do update set name = excluded.name, role = excluded.role, email = excluded.email,
         last_sign_in_at = now(), updated_at = now()
       returning ${COLUMNS}`,
      [identity.id, identity.name, identity.role, identity.email ?? null, randomBytes(12).toString('base64url')],
    );
    this.forget(identity.id);
    return toKnown(row!);
  }

  async recordSignIn(id: string): Promise<void> {
    await this.db.query('update users set last_sign_in_at = now() where id = $1', [id]);
  }

  /**
   * Makes sure the built-in admin can sign in. With `CONSOLE_ADMIN_PASSWORD` set that password
   * rules; otherwise a strong one is generated the first time and only its hash is kept, so the
   * caller must show the returned plaintext now: it cannot be recovered later.
   */
  async ensureAdminPassword(): Promise<{ generatedPassword?: string }> {
    const fromEnvironment = environmentAdminPassword();
    if (fromEnvironment !== undefined) {
      if (fromEnvironment.length < PASSWORD_MIN_LENGTH) {
        throw new UserStoreError(`CONSOLE_ADMIN_PASSWORD is too short: it needs at least ${PASSWORD_MIN_LENGTH} characters`);
      }
      return {};
    }
    const generatedPassword = randomBytes(18).toString('base64url');
    const passwordHash = hashPassword(generatedPassword);
    const inserted = await this.db.query(
      `insert into users (id, name, method, role, password_hash, credential_tag) values ($1, $1, 'password', 'admin', $2, $3)
       on conflict (id) do nothing returning id`,
      [BUILT_IN_ADMIN, passwordHash, credentialTag(passwordHash)],
    );
    return inserted.length > 0 ? { generatedPassword } : {};
  }
}
