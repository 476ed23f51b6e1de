import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { dashboardBodySchema } from '@/lib/schemas/observability/dashboard';
import { defineRoute } from '@/lib/server/define-route';
import { observabilityProxy } from '@/lib/server/upstream/observability';

export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  handler: () => observabilityProxy('GET', ['v2', 'dashboards']),
});
export const POST = defineRoute({
  role: REQUIRED_ROLE.manageDashboards,
  body: dashboardBodySchema,
  handler: ({ body }) => observabilityProxy('POST', ['v2', 'dashboards'], body),
});
