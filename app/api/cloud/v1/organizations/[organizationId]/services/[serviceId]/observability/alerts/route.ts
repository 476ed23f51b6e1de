import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { managedAlertBodySchema as alertBodySchema } from '@/lib/schemas/observability/alert';
import { defineRoute } from '@/lib/server/define-route';
import { serviceParams as params } from '@/lib/server/route-params';
import { cloudApi } from '@/lib/server/upstream/typed';

const ALERTS = '/v1/organizations/{organizationId}/services/{serviceId}/clickstack/alerts';
export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  params,
  handler: ({ params: p }) => cloudApi.proxy('get', ALERTS, { params: p }),
});
export const POST = defineRoute({
  role: REQUIRED_ROLE.manageAlerts,
  params,
  body: alertBodySchema,
  handler: ({ params: p, body }) => cloudApi.proxy('post', ALERTS, { params: p, body }),
});
