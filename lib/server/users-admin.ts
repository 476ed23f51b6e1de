import 'server-only';
import { randomBytes } from 'node:crypto';
import { BUILT_IN_ADMIN, UserStoreError, type PublicUser } from '@/lib/local/users-store';
import type { UserCreateRequest, UserRecord, UserUpdateRequest } from '@/lib/schemas/users';
import type { AuditNotes } from './audit/trail';
import { ApiError, jsonResponse } from './errors';
import { findService, organizationServices } from './organization-services';
import { consoleUsers } from './users';
import { envValue } from './env';

/** The Users page's operations: admins add people, change roles in place, reset passwords, remove. */

function refusal(error: unknown): never {
  if (!(error instanceof UserStoreError)) throw error;
  if (error.refusal === 'not-found') throw new ApiError(404, 'NOT_FOUND', error.message);
  if (error.refusal === 'conflict') throw new ApiError(409, 'CONFLICT', error.message);
  throw new ApiError(400, 'VALIDATION_FAILED', error.message);
}

function record(user: PublicUser): UserRecord {
  return { ...user };
}

/** With CONSOLE_ADMIN_PASSWORD set the built-in admin has no row of its own, but it is a user all the same. */
function environmentAdmin(): UserRecord {
  return {
    id: BUILT_IN_ADMIN,
    name: BUILT_IN_ADMIN,
    role: 'admin',
    services: {},
    method: 'password',
    createdAt: new Date(0).toISOString(),
    lastSignInAt: null,
    fromEnvironment: true,
  };
}

export async function listUsers(): Promise<Response> {
  const users = (await (await consoleUsers()).list()).map(record);
  const fromEnvironment = envValue('CONSOLE_ADMIN_PASSWORD') !== undefined;
  const existing = users.find((user) => user.id === BUILT_IN_ADMIN);
  if (existing && fromEnvironment) existing.fromEnvironment = true;
  if (!existing && fromEnvironment) users.unshift(environmentAdmin());
  return jsonResponse({ data: users });
}

export async function createUser(body: UserCreateRequest, audit: AuditNotes): Promise<Response> {
  audit.targetName = body.name;
  // Generated here and shown once: the person passes it on, and changes it after signing in.
  const password = randomBytes(18).toString('base64url');
  try {
    const user = await (await consoleUsers()).add(body.name, body.role, password);
    return jsonResponse({ data: { user: record(user), password } }, 201);
  } catch (error) {
    if (error instanceof UserStoreError && error.refusal === 'conflict') {
      throw new ApiError(409, 'CONFLICT', error.message, {
        fields: [{ path: 'name', message: 'A user with this name exists' }],
      });
    }
    refusal(error);
  }
}

/** Per-service roles may name a service by id or by name; stored by id. */
async function resolveServices(changes: Record<string, string | null>): Promise<Record<string, string | null>> {
  const services = await organizationServices();
  const resolved: Record<string, string | null> = {};
  for (const [key, role] of Object.entries(changes)) {
    const service = findService(services, key);
    if (!service) {
      throw new ApiError(400, 'VALIDATION_FAILED', `No service "${key}" in this organization`, {
        fields: [{ path: `services.${key}`, message: `No service "${key}" in this organization` }],
      });
    }
    resolved[service.id] = role;
  }
  return resolved;
}

export async function updateUser(name: string, body: UserUpdateRequest, audit: AuditNotes): Promise<Response> {
  audit.targetName = name;
  const store = await consoleUsers();
  try {
    const services = body.services === undefined ? undefined : await resolveServices(body.services);
    if (!(await store.find(name))) throw new UserStoreError(`No user named "${name}"`, 'not-found');
    let user: PublicUser | undefined;
    if (body.role !== undefined) user = await store.setRole(name, body.role);
    if (services !== undefined) user = await store.setServiceRoles(name, services);
    return jsonResponse({ data: record(user!) });
  } catch (error) {
    refusal(error);
  }
}

export async function deleteUser(name: string, audit: AuditNotes): Promise<Response> {
  audit.targetName = name;
  try {
    await (await consoleUsers()).remove(name);
    return new Response(null, { status: 204 });
  } catch (error) {
    refusal(error);
  }
}

export async function resetUserPassword(name: string, audit: AuditNotes): Promise<Response> {
  audit.targetName = name;
  try {
    const store = await consoleUsers();
    const { password } = await store.resetPassword(name);
    const user = await store.find(name);
    return jsonResponse({ data: { user: record(user!), password } });
  } catch (error) {
    refusal(error);
  }
}
