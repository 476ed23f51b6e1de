import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { managedAlertBodySchema as alertBodySchema } from '@/lib/schemas/observability/alert';
import { defineRoute } from '@/lib/server/define-route';
import { managedAlertParams as params, type ManagedAlertParams } from '@/lib/server/route-params';
import { cloudApi } from '@/lib/server/upstream/typed';

const ALERT = '/v1/organizations/{organizationId}/services/{serviceId}/clickstack/alerts/{clickStackAlertId}';
const alert = (p: ManagedAlertParams) => ({ ...p, clickStackAlertId: p.alertId });
const role = REQUIRED_ROLE.manageAlerts;
export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  params,
  handler: ({ params: p }) => cloudApi.proxy('get', ALERT, { params: alert(p) }),
});
/** A full replace, as upstream. */
export const PUT = defineRoute({
  role,
  params,
  body: alertBodySchema,
  handler: ({ params: p, body }) => cloudApi.proxy('put', ALERT, { params: alert(p), body }),
});
export const DELETE = defineRoute({
  role,
  params,
  handler: ({ params: p }) => cloudApi.proxy('delete', ALERT, { params: alert(p) }),
});
