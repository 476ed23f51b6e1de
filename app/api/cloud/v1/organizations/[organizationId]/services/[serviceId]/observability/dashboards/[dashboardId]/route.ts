import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { dashboardBodySchema } from '@/lib/schemas/observability/dashboard';
import { defineRoute } from '@/lib/server/define-route';
import { managedDashboardParams as params, managedObservabilityPath, type ManagedDashboardParams } from '@/lib/server/route-params';
import { cloudProxy } from '@/lib/server/upstream/cloud';

const path = (p: ManagedDashboardParams) => managedObservabilityPath(p, 'dashboards', p.dashboardId);
const role = REQUIRED_ROLE.manageDashboards;
export const GET = defineRoute({ role: REQUIRED_ROLE.read, params, handler: ({ params: p }) => cloudProxy('GET', path(p)) });
/** A full replace, as upstream. */
export const PUT = defineRoute({ role, params, body: dashboardBodySchema, handler: ({ params: p, body }) => cloudProxy('PUT', path(p), body) });
export const DELETE = defineRoute({ role, params, handler: ({ params: p }) => cloudProxy('DELETE', path(p)) });
