import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { dashboardBodySchema } from '@/lib/schemas/observability/dashboard';
import { defineRoute } from '@/lib/server/define-route';
import { serviceParams as params } from '@/lib/server/route-params';
import { asSent, cloudApi } from '@/lib/server/upstream/typed';

const DASHBOARDS = '/v1/organizations/{organizationId}/services/{serviceId}/clickstack/dashboards';
export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  params,
  handler: ({ params: p }) => cloudApi.proxy('get', DASHBOARDS, { params: p }),
});
export const POST = defineRoute({
  role: REQUIRED_ROLE.manageDashboards,
  params,
  body: dashboardBodySchema,
  handler: ({ params: p, body }) => cloudApi.proxy('post', DASHBOARDS, { params: p, body: asSent(body) }),
});
