/**
 * Console users' roles. Shared by the route handlers (which enforce them) and the pages (which
 * hide what a role cannot do); the handlers are the authority.
 */
export const ROLES = ['viewer', 'editor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

const RANK: Record<Role, number> = { viewer: 0, editor: 1, admin: 2 };

/** True when `role` is at least `required` (viewer < editor < admin). */
export function hasRole(role: Role, required: Role): boolean {
  return RANK[role] >= RANK[required];
}

/** Who may do what; reads are open to every signed-in user. */
export const REQUIRED_ROLE = {
  read: 'viewer',
  managePipes: 'editor',
  manageDashboards: 'editor',
  manageAlerts: 'editor',
  manageKeys: 'admin',
  manageEndpoints: 'admin',
  manageScaling: 'admin',
  readAuditLog: 'admin',
  /** Adding the console's key to a service's query endpoint changes who may query the service. */
  manageQueryAccess: 'admin',
  /** The Users page: adding people, changing roles, resetting passwords. */
  manageUsers: 'admin',
  /** Channels hold secrets and send outside the console; rules decide who is woken at night. */
  manageNotifications: 'admin',
} as const satisfies Record<string, Role>;

/**
 * Permissions that act on one service, so a per-service role decides them (pipes, scaling,
 * endpoints, managed observability, the query endpoint); the others are the organization's.
 */
export const SERVICE_PERMISSIONS: ReadonlySet<keyof typeof REQUIRED_ROLE> = new Set([
  'managePipes',
  'manageEndpoints',
  'manageScaling',
  'manageQueryAccess',
] as const);

/** A user's role on a service: the per-service role where one is set, else the organization-wide one. */
export function roleOn(user: Pick<SessionUser, 'role' | 'services'>, serviceId: string | undefined): Role {
  return (serviceId !== undefined ? user.services?.[serviceId] : undefined) ?? user.role;
}

/** How a user signed in: a console password, or the organization's identity provider. */
export type SignInMethod = 'password' | 'sso';

export interface SessionUser {
  name: string;
  role: Role;
  /** Set for every signed-in user by the server; absent only where a user is described, not signed in. */
  method?: SignInMethod;
  /** Per-service roles by service id, where they differ from `role`; absent when there are none. */
  services?: Record<string, Role>;
}
