import * as z from 'zod/mini';
import { ROLES } from '../auth/roles';

/** A local user's sign-in name: lowercase, starting with a letter, up to 32 characters. */
export const USER_NAME_PATTERN = /^[a-z][a-z0-9._-]{0,31}$/;

const roleSchema = (field: string) => z.enum(ROLES, { error: `${field} must be one of ${ROLES.join(', ')}` });

/** `POST /api/users`: a local user; the console generates the first password and shows it once. */
export const userCreateSchema = z.object({
  name: z.string({ error: 'Name is required' }).check(
    z.regex(USER_NAME_PATTERN, {
      error: 'Name must start with a lowercase letter and use only a-z, 0-9, ".", "_" or "-" (up to 32 characters)',
    }),
  ),
  role: roleSchema('Role'),
});
export type UserCreateRequest = z.infer<typeof userCreateSchema>;

/**
 * `PATCH /api/users/{name}`: the organization-wide role and per-service roles; a service mapped to
 * null goes back to the organization-wide role.
 */
export const userUpdateSchema = z
  .object({
    role: z.optional(roleSchema('Role')),
    services: z.optional(
      z.record(z.string().check(z.minLength(1), z.maxLength(100)), z.nullable(roleSchema('A service role'))),
    ),
  })
  .check(
    z.refine((body) => body.role !== undefined || body.services !== undefined, {
      error: 'Send a role, per-service roles, or both',
      path: ['role'],
    }),
  );
export type UserUpdateRequest = z.infer<typeof userUpdateSchema>;

export type UserRole = (typeof ROLES)[number];

/** A console user as the Users page lists them; never a password or its hash. */
export interface UserRecord {
  /** Local users: their sign-in name; single sign-on users: `sso:…`. */
  id: string;
  name: string;
  role: UserRole;
  services: Record<string, UserRole>;
  method: 'password' | 'sso';
  createdAt: string;
  lastSignInAt: string | null;
  /** The built-in admin whose password is CONSOLE_ADMIN_PASSWORD: listed, never changed here. */
  fromEnvironment?: boolean;
}

/** What creating a user or resetting a password answers: the password, shown once. */
export interface UserPasswordResult {
  user: UserRecord;
  password: string;
}
