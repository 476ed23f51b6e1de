import 'server-only';
import type { DashboardUpstream } from './dashboard-versioning';
import { managedObservabilityPath, type ManagedDashboardParams } from './route-params';
import { cloudCall } from './upstream/cloud';
import { observabilityCall } from './upstream/observability';

/** How each surface reaches one stored dashboard: shared by the dashboard routes and a restore, so both take the same write lock. */

const ossPath = (id: string) => ['v2', 'dashboards', id];

export const ossDashboardUpstream = (id: string): DashboardUpstream => ({
  lockName: `observability:${id}`,
  read: ({ fresh } = {}) => observabilityCall('GET', ossPath(id), undefined, { cache: !fresh }),
  replace: (body) => observabilityCall('PUT', ossPath(id), body),
  unwrap: (body) => (body as { data?: unknown } | null)?.data ?? null,
});

const managedPath = (p: ManagedDashboardParams) => managedObservabilityPath(p, 'dashboards', p.dashboardId);

export const managedDashboardUpstream = (p: ManagedDashboardParams): DashboardUpstream => ({
  lockName: `managed:${p.organizationId}:${p.serviceId}:${p.dashboardId}`,
  read: ({ fresh } = {}) => cloudCall('GET', managedPath(p), undefined, { cache: !fresh }),
  replace: (body) => cloudCall('PUT', managedPath(p), body),
  // The envelope's requestId changes on every call; only the dashboard itself is versioned.
  unwrap: (body) => (body as { result?: unknown } | null)?.result ?? null,
});
