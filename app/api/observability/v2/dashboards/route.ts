import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { dashboardBodySchema } from '@/lib/schemas/observability/dashboard';
import { defineRoute } from '@/lib/server/define-route';
import { asSent, observabilityApi } from '@/lib/server/upstream/typed';

export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  handler: () => observabilityApi.proxy('get', '/api/v2/dashboards', {}),
});
export const POST = defineRoute({
  role: REQUIRED_ROLE.manageDashboards,
  body: dashboardBodySchema,
  handler: ({ body }) => observabilityApi.proxy('post', '/api/v2/dashboards', { body: asSent(body) }),
});
