'use client';

import { createContext, useContext, type ReactNode } from 'react';
import { hasRole, REQUIRED_ROLE, roleOn, SERVICE_PERMISSIONS, type Role, type SessionUser } from '@/lib/auth/roles';

/** How the signed-in user got in, for the profile menu. */
export interface AccountInfo {
  /** The identity provider's display name, for single sign-on users. */
  providerName: string | null;
  /** Local users whose password is not set by CONSOLE_ADMIN_PASSWORD. */
  canChangePassword: boolean;
  /** The built-in admin whose password CONSOLE_ADMIN_PASSWORD sets: the menu says why it offers no change. */
  passwordSetByEnvironment?: boolean;
}

/** What every console page needs to know; identifiers only, never secrets. */
export interface ConsoleContextValue {
  user: SessionUser;
  organizationId: string;
  /**
   * The service pages act on: on a service's page the one in its URL (`/services/{serviceId}/…`);
   * on an organization's page the user's current service (the last they opened).
   */
  serviceId: string;
  account?: AccountInfo;
  /**
   * The last 4 characters of the key id the console signs its cloud requests with (keys show the
   * same `keySuffix`), so the keys page can mark that key.
   */
  consoleKeySuffix?: string;
}

const ConsoleContext = createContext<ConsoleContextValue | null>(null);

export function ConsoleProvider({ value, children }: { value: ConsoleContextValue; children: ReactNode }) {
  return <ConsoleContext.Provider value={value}>{children}</ConsoleContext.Provider>;
}

export function useConsole(): ConsoleContextValue {
  const value = useContext(ConsoleContext);
  if (!value) throw new Error('useConsole must be used inside the console layout');
  return value;
}

export type Permission = keyof typeof REQUIRED_ROLE;

/**
 * Whether the signed-in user's role allows an action; the server enforces it regardless. A
 * service's action (pipes, scaling, endpoints) counts the user's role on the page's service.
 */
export function useCan(permission: Permission): boolean {
  const { user, serviceId } = useConsole();
  return hasRole(SERVICE_PERMISSIONS.has(permission) ? roleOn(user, serviceId) : user.role, REQUIRED_ROLE[permission]);
}

/** The signed-in user's role on the page's service, for the notes that say what a role may do. */
export function useServiceRole(): Role {
  const { user, serviceId } = useConsole();
  return roleOn(user, serviceId);
}

export const ROLE_LABELS = { viewer: 'Viewer', editor: 'Editor', admin: 'Admin' } as const;
