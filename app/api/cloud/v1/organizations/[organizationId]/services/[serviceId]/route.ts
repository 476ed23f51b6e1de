import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { serviceEndpointsPatchSchema } from '@/lib/schemas/endpoints';
import { defineRoute } from '@/lib/server/define-route';
import { serviceParams } from '@/lib/server/route-params';
import { cloudApi } from '@/lib/server/upstream/typed';

const params = serviceParams;
const SERVICE = '/v1/organizations/{organizationId}/services/{serviceId}';
export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  params,
  handler: ({ params: p }) => cloudApi.proxy('get', SERVICE, { params: p }),
});
/** Attaches or detaches private endpoints; the only service change the console makes. */
export const PATCH = defineRoute({
  role: REQUIRED_ROLE.manageEndpoints,
  params,
  body: serviceEndpointsPatchSchema,
  handler: ({ params: p, body }) => cloudApi.proxy('patch', SERVICE, { params: p, body }),
});
