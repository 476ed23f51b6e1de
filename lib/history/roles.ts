import { REQUIRED_ROLE, type Role } from '../auth/roles';
import type { HistoryKind } from './kinds';

/** Restoring is editing: it needs the role that editing the object needs. Reading history is every user's. */
const EDIT_ROLE: Record<HistoryKind, Role> = {
  dashboards: REQUIRED_ROLE.manageDashboards,
  'managed-dashboards': REQUIRED_ROLE.manageDashboards,
  alerts: REQUIRED_ROLE.manageAlerts,
  'managed-alerts': REQUIRED_ROLE.manageAlerts,
  pipes: REQUIRED_ROLE.managePipes,
  keys: REQUIRED_ROLE.manageKeys,
  endpoints: REQUIRED_ROLE.manageEndpoints,
};

export const restoreRoleFor = (kind: HistoryKind): Role => EDIT_ROLE[kind];
