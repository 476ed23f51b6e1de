import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { ossAlertBodySchema as alertBodySchema } from '@/lib/schemas/observability/alert';
import { defineRoute } from '@/lib/server/define-route';
import { asSent, observabilityApi } from '@/lib/server/upstream/typed';

export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  handler: () => observabilityApi.listAll('/api/v2/alerts', {}),
});
export const POST = defineRoute({
  role: REQUIRED_ROLE.manageAlerts,
  body: alertBodySchema,
  handler: ({ body }) => observabilityApi.proxy('post', '/api/v2/alerts', { body: asSent(body) }),
});
