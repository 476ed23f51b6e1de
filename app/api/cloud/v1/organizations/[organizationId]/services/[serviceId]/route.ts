import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { serviceEndpointsPatchSchema } from '@/lib/schemas/endpoints';
import { defineRoute } from '@/lib/server/define-route';
import { serviceParams, servicePath } from '@/lib/server/route-params';
import { cloudProxy } from '@/lib/server/upstream/cloud';

const params = serviceParams;
export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  params,
  handler: ({ params: p }) => cloudProxy('GET', servicePath(p)),
});
/** Attaches or detaches private endpoints; the only service change the console makes. */
export const PATCH = defineRoute({
  role: REQUIRED_ROLE.manageEndpoints,
  params,
  body: serviceEndpointsPatchSchema,
  handler: ({ params: p, body }) => cloudProxy('PATCH', servicePath(p), body),
});
