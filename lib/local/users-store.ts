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
import { envValue } from '../server/env-schema';

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
  /** Per-service roles by service id. */
  services: Record<string, Role>;
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

function toPublic(row: UserRow, services: Record<string, Role> = {}): PublicUser {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    method: row.method,
    createdAt: isoTime(row.created_at),
    lastSignInAt: row.last_sign_in_at === null ? null : isoTime(row.last_sign_in_at),
    services,
  };
}

function toKnown(
  row: Pick<UserRow, 'id' | 'name' | 'role' | 'method' | 'credential_tag'>,
  services?: Record<string, Role>,
): KnownUser {
  const known: KnownUser = {
    id: row.id,
    name: row.name,
    role: row.role,
    method: row.method,
    credentialTag: row.credential_tag,
  };
  if (services && Object.keys(services).length > 0) known.services = services;
  return known;
}

interface ServiceRoleRow {
  user_id: string;
  service_id: string;
  role: Role;
}

function servicesByUser(rows: ServiceRoleRow[]): Map<string, Record<string, Role>> {
  const byUser = new Map<string, Record<string, Role>>();
  for (const row of rows) {
    const services = byUser.get(row.user_id) ?? {};
    services[row.service_id] = row.role;
    byUser.set(row.user_id, services);
  }
  return byUser;
}

function environmentAdminPassword(): string | undefined {
  return envValue('CONSOLE_ADMIN_PASSWORD');
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
      if (isUniqueViolation(error)) throw new UserStoreError(`User "${name}" already exists`, 'conflict');
      throw error;
    }
  }

  /** Removes a local user by name, or a single sign-on user by id or (when unambiguous) by name. */
  async remove(nameOrId: string): Promise<void> {
    const target = await this.find(nameOrId).catch(() => null);
    if (target?.role === 'admin' || this.isEnvironmentAdmin(nameOrId))
      await this.assertKeepsAnAdmin(target?.id ?? nameOrId, 'removed');
    const byId = await this.db.query<{ id: string }>('delete from users where id = $1 returning id', [nameOrId]);
    if (byId.length > 0) return this.forget(nameOrId);
    const named = await this.db.query<{ id: string }>(`select id from users where method = 'sso' and name = $1`, [
      nameOrId,
    ]);
    if (named.length === 0) throw new UserStoreError(`No user named "${nameOrId}"`, 'not-found');
    if (named.length > 1) {
      throw new UserStoreError(
        `Several single sign-on users are named "${nameOrId}"; remove one by its id (see \`list\`)`,
      );
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
    const [other] = await this.db.query<{ id: string }>(
      `select id from users where id = $1 or (method = 'sso' and name = $1)`,
      [name],
    );
    if (other) throw new UserStoreError(`"${name}" signs in with single sign-on and has no password here`, 'conflict');
    throw new UserStoreError(`No user named "${name}"`, 'not-found');
  }

  /** A signed-in user's own change: the current password must be right. */
  async changePassword(id: string, currentPassword: string, newPassword: string): Promise<KnownUser | null> {
    if (!(await this.verify(id, currentPassword))) return null;
    return this.setPassword(id, newPassword);
  }

  async list(): Promise<PublicUser[]> {
    const rows = await this.db.query<UserRow>(`select ${COLUMNS} from users order by method, name, id`);
    const services = servicesByUser(
      await this.db.query<ServiceRoleRow>('select user_id, service_id, role from user_service_roles'),
    );
    return rows.map((row) => toPublic(row, services.get(row.id)));
  }

  /** One user by id (a local user's name, or a single sign-on id) or an unambiguous single sign-on name. */
  async find(nameOrId: string): Promise<PublicUser | null> {
    const rows = await this.db.query<UserRow>(
      `select ${COLUMNS} from users where id = $1 or (method = 'sso' and name = $1) order by (id = $1) desc`,
      [nameOrId],
    );
    const row = rows[0]?.id === nameOrId || rows.length === 1 ? rows[0] : undefined;
    if (!row) {
      if (rows.length > 1)
        throw new UserStoreError(`Several single sign-on users are named "${nameOrId}"; name one by its id`);
      return null;
    }
    return toPublic(row, await this.serviceRoles(row.id));
  }

  private async serviceRoles(id: string): Promise<Record<string, Role>> {
    const rows = await this.db.query<ServiceRoleRow>(
      'select user_id, service_id, role from user_service_roles where user_id = $1',
      [id],
    );
    return servicesByUser(rows).get(id) ?? {};
  }

  /** The built-in admin whose password comes from the environment: always there, always an admin. */
  private isEnvironmentAdmin(id: string): boolean {
    return id === BUILT_IN_ADMIN && environmentAdminPassword() !== undefined;
  }

  /**
   * Refuses a change that would leave nobody able to administer the console: demoting or removing
   * the last admin. The environment's built-in admin always counts, and is never changed here.
   */
  private async assertKeepsAnAdmin(id: string, action: string): Promise<void> {
    if (this.isEnvironmentAdmin(id)) {
      throw new UserStoreError(
        `The built-in admin's account comes from CONSOLE_ADMIN_PASSWORD; it cannot be ${action}`,
        'conflict',
      );
    }
    if (environmentAdminPassword() !== undefined) return;
    const [other] = await this.db.query<{ id: string }>(
      `select id from users where role = 'admin' and id <> $1 limit 1`,
      [id],
    );
    if (!other) throw new UserStoreError(`"${id}" is the last admin; make someone else an admin first`, 'conflict');
  }

  /** Changes a user's organization-wide role; sessions see it on their next request (the lookup cache is a second). */
  async setRole(nameOrId: string, role: string): Promise<PublicUser> {
    validateRole(role);
    const user = await this.find(nameOrId);
    if (!user) throw new UserStoreError(`No user named "${nameOrId}"`, 'not-found');
    if (user.role === role) return user;
    if (user.role === 'admin') await this.assertKeepsAnAdmin(user.id, 'demoted');
    const [row] = await this.db.query<UserRow>(
      `update users set role = $2, updated_at = now() where id = $1 returning ${COLUMNS}`,
      [user.id, role],
    );
    this.forget(user.id);
    if (!row) throw new UserStoreError(`No user named "${nameOrId}"`, 'not-found');
    return toPublic(row, user.services);
  }

  /**
   * Sets or clears per-service roles: `{serviceId: role}` sets one, `{serviceId: null}` clears it so
   * the organization-wide role applies there again. Service ids are checked by the caller.
   */
  async setServiceRoles(nameOrId: string, changes: Record<string, string | null>): Promise<PublicUser> {
    for (const role of Object.values(changes)) if (role !== null) validateRole(role);
    const user = await this.find(nameOrId);
    if (!user) throw new UserStoreError(`No user named "${nameOrId}"`, 'not-found');
    if (this.isEnvironmentAdmin(user.id)) {
      throw new UserStoreError(
        "The built-in admin's account comes from CONSOLE_ADMIN_PASSWORD; it cannot be changed here",
        'conflict',
      );
    }
    for (const [serviceId, role] of Object.entries(changes)) {
      if (role === null) {
        await this.db.query('delete from user_service_roles where user_id = $1 and service_id = $2', [
          user.id,
          serviceId,
        ]);
      } else {
        await this.db.query(
          `insert into user_service_roles (user_id, service_id, role) values ($1, $2, $3)
           on conflict (user_id, service_id) do update set role = excluded.role`,
          [user.id, serviceId, role],
        );
      }
    }
    this.forget(user.id);
    return (await this.find(user.id))!;
  }

  /** Sets exactly these per-service roles (single sign-on's mapping at sign-in), dropping the others. */
  async replaceServiceRoles(id: string, roles: Record<string, Role>): Promise<void> {
    await this.db.query('delete from user_service_roles where user_id = $1', [id]);
    for (const [serviceId, role] of Object.entries(roles)) {
      await this.db.query('insert into user_service_roles (user_id, service_id, role) values ($1, $2, $3)', [
        id,
        serviceId,
        role,
      ]);
    }
    this.forget(id);
  }

  /** A new generated password for a local user; their open sessions end. Shown once by the caller. */
  async resetPassword(nameOrId: string): Promise<{ user: KnownUser; password: string }> {
    if (this.isEnvironmentAdmin(nameOrId)) {
      throw new UserStoreError(
        "The built-in admin's password comes from CONSOLE_ADMIN_PASSWORD; change it there and restart",
        'conflict',
      );
    }
    const password = randomBytes(18).toString('base64url');
    return { user: await this.setPassword(nameOrId, password), password };
  }

  /** The local user for a name and password, or null; as slow for unknown names as for known ones. */
  async verify(name: string, password: string): Promise<KnownUser | null> {
    if (!USER_NAME_PATTERN.test(name) || password.length === 0 || password.length > PASSWORD_MAX_LENGTH) {
      return burnVerification(password.slice(0, PASSWORD_MAX_LENGTH));
    }
    const adminPassword = name === BUILT_IN_ADMIN ? environmentAdminPassword() : undefined;
    if (adminPassword !== undefined) {
      // Comparing digests keeps the comparison constant-time whatever the lengths.
      return timingSafeEqual(sha256(password), sha256(adminPassword))
        ? this.lookupEnvironmentAdmin(adminPassword)
        : null;
    }
    const [row] = await this.db.query<UserRow>(`select ${COLUMNS} from users where id = $1 and method = 'password'`, [
      name,
    ]);
    if (!row?.password_hash) return burnVerification(password);
    return (await verifyPasswordHash(password, row.password_hash)) ? toKnown(row) : null;
  }

  private lookupEnvironmentAdmin(password: string): KnownUser {
    if (this.environmentAdmin?.password !== password) {
      const user: KnownUser = {
        id: BUILT_IN_ADMIN,
        name: BUILT_IN_ADMIN,
        role: 'admin',
        method: 'password',
        credentialTag: credentialTag(`env:${password}`),
      };
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
    const user = row ? toKnown(row, await this.serviceRoles(id)) : null;
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
        throw new UserStoreError(
          `CONSOLE_ADMIN_PASSWORD is too short: it needs at least ${PASSWORD_MIN_LENGTH} characters`,
        );
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
