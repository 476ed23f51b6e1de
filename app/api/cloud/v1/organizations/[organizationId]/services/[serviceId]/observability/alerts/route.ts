import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { managedAlertBodySchema as alertBodySchema } from '@/lib/schemas/observability/alert';
import { defineRoute } from '@/lib/server/define-route';
import { managedObservabilityPath, serviceParams as params } from '@/lib/server/route-params';
import { cloudProxy } from '@/lib/server/upstream/cloud';

const path = managedObservabilityPath;
export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  params,
  handler: ({ params: p }) => cloudProxy('GET', path(p, 'alerts')),
});
export const POST = defineRoute({
  role: REQUIRED_ROLE.manageAlerts,
  params,
  body: alertBodySchema,
  handler: ({ params: p, body }) => cloudProxy('POST', path(p, 'alerts'), body),
});
