import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { ossAlertBodySchema as alertBodySchema } from '@/lib/schemas/observability/alert';
import { defineRoute } from '@/lib/server/define-route';
import { observabilityListAll, observabilityProxy } from '@/lib/server/upstream/observability';

export const GET = defineRoute({ role: REQUIRED_ROLE.read, handler: () => observabilityListAll(['v2', 'alerts']) });
export const POST = defineRoute({
  role: REQUIRED_ROLE.manageAlerts,
  body: alertBodySchema,
  handler: ({ body }) => observabilityProxy('POST', ['v2', 'alerts'], body),
});
