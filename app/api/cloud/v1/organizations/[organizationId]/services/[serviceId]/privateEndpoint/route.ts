import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { endpointCreateSchema } from '@/lib/schemas/endpoints';
import { defineRoute } from '@/lib/server/define-route';
import { serviceParams } from '@/lib/server/route-params';
import { cloudApi } from '@/lib/server/upstream/typed';

export const POST = defineRoute({
  role: REQUIRED_ROLE.manageEndpoints,
  params: serviceParams,
  body: endpointCreateSchema,
  handler: ({ params, body }) =>
    cloudApi.proxy('post', '/v1/organizations/{organizationId}/services/{serviceId}/privateEndpoint', { params, body }),
});
