import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { managedAlertBodySchema as alertBodySchema } from '@/lib/schemas/observability/alert';
import { defineRoute } from '@/lib/server/define-route';
import {
  managedAlertParams as params,
  managedObservabilityPath,
  type ManagedAlertParams,
} from '@/lib/server/route-params';
import { cloudProxy } from '@/lib/server/upstream/cloud';

const path = (p: ManagedAlertParams) => managedObservabilityPath(p, 'alerts', p.alertId);
const role = REQUIRED_ROLE.manageAlerts;
export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  params,
  handler: ({ params: p }) => cloudProxy('GET', path(p)),
});
/** A full replace, as upstream. */
export const PUT = defineRoute({
  role,
  params,
  body: alertBodySchema,
  handler: ({ params: p, body }) => cloudProxy('PUT', path(p), body),
});
export const DELETE = defineRoute({ role, params, handler: ({ params: p }) => cloudProxy('DELETE', path(p)) });
