import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { ossAlertBodySchema as alertBodySchema } from '@/lib/schemas/observability/alert';
import { defineRoute } from '@/lib/server/define-route';
import { objectIdParams as params } from '@/lib/server/route-params';
import { asSent, observabilityApi } from '@/lib/server/upstream/typed';

const ALERT = '/api/v2/alerts/{id}';
const role = REQUIRED_ROLE.manageAlerts;
export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  params,
  handler: ({ params: p }) => observabilityApi.proxy('get', ALERT, { params: p }),
});
/** A full replace, as upstream. */
export const PUT = defineRoute({
  role,
  params,
  body: alertBodySchema,
  handler: ({ params: p, body }) => observabilityApi.proxy('put', ALERT, { params: p, body: asSent(body) }),
});
export const DELETE = defineRoute({
  role,
  params,
  handler: ({ params: p }) => observabilityApi.proxy('delete', ALERT, { params: p }),
});
