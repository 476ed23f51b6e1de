import 'server-only';
import type { DashboardUpstream } from './dashboard-versioning';
import type { ManagedDashboardParams } from './route-params';
import { asSent, cloudApi, observabilityApi } from './upstream/typed';

/** How each surface reaches one stored dashboard: shared by the dashboard routes and a restore, so both take the same write lock. */

const OSS_DASHBOARD = '/api/v2/dashboards/{id}';

export const ossDashboardUpstream = (id: string): DashboardUpstream => ({
  lockName: `observability:${id}`,
  read: ({ fresh } = {}) => observabilityApi.call('get', OSS_DASHBOARD, { params: { id } }, { cache: !fresh }),
  replace: (body) => observabilityApi.call('put', OSS_DASHBOARD, { params: { id }, body: asSent(body) }),
  unwrap: (body) => (body as { data?: unknown } | null)?.data ?? null,
});

const MANAGED_DASHBOARD =
  '/v1/organizations/{organizationId}/services/{serviceId}/clickstack/dashboards/{clickStackDashboardId}';
const managed = (p: ManagedDashboardParams) => ({ ...p, clickStackDashboardId: p.dashboardId });

export const managedDashboardUpstream = (p: ManagedDashboardParams): DashboardUpstream => ({
  lockName: `managed:${p.organizationId}:${p.serviceId}:${p.dashboardId}`,
  read: ({ fresh } = {}) => cloudApi.call('get', MANAGED_DASHBOARD, { params: managed(p) }, { cache: !fresh }),
  replace: (body) => cloudApi.call('put', MANAGED_DASHBOARD, { params: managed(p), body: asSent(body) }),
  // The envelope's requestId changes on every call; only the dashboard itself is versioned.
  unwrap: (body) => (body as { result?: unknown } | null)?.result ?? null,
});
