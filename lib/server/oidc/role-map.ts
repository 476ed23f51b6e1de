import { hasRole, ROLES, type Role } from '../../auth/roles';

/** One `value=role` or `value=role@service` pair; `service` is a service's name or id. */
export interface RoleMapEntry {
  value: string;
  role: Role;
  service?: string;
}

/** `OIDC_ROLE_MAP`, parsed: claim value → console role (organization-wide or on one service); `*` for everyone else. */
export interface RoleMap {
  entries: ReadonlyArray<RoleMapEntry>;
  /** The role of a user none of whose values is listed; null means no access. */
  fallback: Role | null;
}

export class RoleMapError extends Error {
  override name = 'RoleMapError';
}

/**
 * `data-admins=admin,data-eng=editor@Staging,*=viewer`: comma-separated `value=role` pairs, where
 * `role@service` gives the role on one service only (named by its name or id).
 */
export function parseRoleMap(text: string): RoleMap {
  const entries: RoleMapEntry[] = [];
  let fallback: Role | null = null;
  for (const raw of text.split(',')) {
    const pair = raw.trim();
    if (!pair) continue;
    const equals = pair.lastIndexOf('=');
    const value = pair.slice(0, equals).trim();
    const target = pair.slice(equals + 1).trim();
    const at = target.indexOf('@');
    const role = (at < 0 ? target : target.slice(0, at)).trim();
    const service = at < 0 ? undefined : target.slice(at + 1).trim();
    if (equals <= 0 || !value)
      throw new RoleMapError(`OIDC_ROLE_MAP: "${pair}" is not value=role (e.g. data-admins=admin)`);
    if (service === '')
      throw new RoleMapError(`OIDC_ROLE_MAP: "${pair}" has no service after "@" (e.g. data-eng=editor@Staging)`);
    if (!(ROLES as readonly string[]).includes(role)) {
      throw new RoleMapError(`OIDC_ROLE_MAP: "${pair}" names the role "${role}"; use one of ${ROLES.join(', ')}`);
    }
    if (service !== undefined) {
      if (value === '*') throw new RoleMapError(`OIDC_ROLE_MAP: "${pair}": "*" gives the organization-wide role only`);
      entries.push({ value, role: role as Role, service });
    } else if (value === '*') fallback = role as Role;
    else entries.push({ value, role: role as Role });
  }
  if (entries.length === 0 && fallback === null) {
    throw new RoleMapError(
      'OIDC_ROLE_MAP is empty: map at least one claim value to a role, e.g. data-admins=admin,*=viewer',
    );
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
  for (const { value, role, service } of map.entries) {
    if (service === undefined && values.includes(value) && (best === null || hasRole(role, best))) best = role;
  }
  return best ?? map.fallback;
}

/** Whether any pair gives a role on one service: then sign-in sets single sign-on users' per-service roles. */
export function mapsServices(map: RoleMap): boolean {
  return map.entries.some((entry) => entry.service !== undefined);
}

/** The highest role the values map to on each service named in the map (by the name or id written there). */
export function resolveServiceRoles(map: RoleMap, values: readonly string[]): Record<string, Role> {
  const roles: Record<string, Role> = {};
  for (const { value, role, service } of map.entries) {
    if (service === undefined || !values.includes(value)) continue;
    const best = roles[service];
    if (best === undefined || hasRole(role, best)) roles[service] = role;
  }
  return roles;
}
