import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { dashboardBodySchema } from '@/lib/schemas/observability/dashboard';
import { defineRoute } from '@/lib/server/define-route';
import { managedObservabilityPath, serviceParams as params } from '@/lib/server/route-params';
import { cloudProxy } from '@/lib/server/upstream/cloud';

const path = managedObservabilityPath;
export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  params,
  handler: ({ params: p }) => cloudProxy('GET', path(p, 'dashboards')),
});
export const POST = defineRoute({
  role: REQUIRED_ROLE.manageDashboards,
  params,
  body: dashboardBodySchema,
  handler: ({ params: p, body }) => cloudProxy('POST', path(p, 'dashboards'), body),
});
