import { hasRole, ROLES, type Role } from '../../auth/roles';

/** `OIDC_ROLE_MAP`, parsed: claim value → console role; `*` for everyone else. */
export interface RoleMap {
  entries: ReadonlyArray<{ value: string; role: Role }>;
  /** The role of a user none of whose values is listed; null means no access. */
  fallback: Role | null;
}

export class RoleMapError extends Error {
  override name = 'RoleMapError';
}

/** `data-admins=admin,data-eng=editor,*=viewer`: comma-separated `value=role` pairs. */
export function parseRoleMap(text: string): RoleMap {
  const entries: Array<{ value: string; role: Role }> = [];
  let fallback: Role | null = null;
  for (const raw of text.split(',')) {
    const pair = raw.trim();
    if (!pair) continue;
    const equals = pair.lastIndexOf('=');
    const value = pair.slice(0, equals).trim();
    const role = pair.slice(equals + 1).trim();
    if (equals <= 0 || !value) throw new RoleMapError(`OIDC_ROLE_MAP: "${pair}" is not value=role (e.g. data-admins=admin)`);
    if (!(ROLES as readonly string[]).includes(role)) {
      throw new RoleMapError(`OIDC_ROLE_MAP: "${pair}" names the role "${role}"; use one of ${ROLES.join(', ')}`);
    }
    if (value === '*') fallback = role as Role;
    else entries.push({ value, role: role as Role });
  }
  if (entries.length === 0 && fallback === null) {
    throw new RoleMapError('OIDC_ROLE_MAP is empty: map at least one claim value to a role, e.g. data-admins=admin,*=viewer');
  }
  return { entries, fallback };
}

/**
 * The claim's values: a string, a list of strings, or a space-separated string (as some providers
 * send roles). `path` may be dotted, for nested claims such as `realm_access.roles`.
 */
export function claimValues(claims: Record<string, unknown>, path: string): string[] {
  let value: unknown = path in claims ? claims[path] : claims;
  if (!(path in claims)) {
    for (const part of path.split('.')) {
      value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[part] : undefined;
    }
  }
  if (typeof value === 'string') return value.split(/\s+/).filter(Boolean);
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}

/** The highest role any of the values maps to; the `*` role when none is listed; else null. */
export function resolveRole(map: RoleMap, values: readonly string[]): Role | null {
  let best: Role | null = null;
  for (const { value, role } of map.entries) {
    if (values.includes(value) && (best === null || hasRole(role, best))) best = role;
  }
  return best ?? map.fallback;
}
