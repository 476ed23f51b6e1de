import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { ossAlertBodySchema as alertBodySchema } from '@/lib/schemas/observability/alert';
import { defineRoute } from '@/lib/server/define-route';
import { objectIdParams as params } from '@/lib/server/route-params';
import { observabilityProxy } from '@/lib/server/upstream/observability';

const path = ({ id }: { id: string }) => ['v2', 'alerts', id];
const role = REQUIRED_ROLE.manageAlerts;
export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  params,
  handler: ({ params: p }) => observabilityProxy('GET', path(p)),
});
/** A full replace, as upstream. */
export const PUT = defineRoute({
  role,
  params,
  body: alertBodySchema,
  handler: ({ params: p, body }) => observabilityProxy('PUT', path(p), body),
});
export const DELETE = defineRoute({ role, params, handler: ({ params: p }) => observabilityProxy('DELETE', path(p)) });
