import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { endpointCreateSchema } from '@/lib/schemas/endpoints';
import { defineRoute } from '@/lib/server/define-route';
import { serviceParams, servicePath } from '@/lib/server/route-params';
import { cloudProxy } from '@/lib/server/upstream/cloud';

export const POST = defineRoute({
  role: REQUIRED_ROLE.manageEndpoints,
  params: serviceParams,
  body: endpointCreateSchema,
  handler: ({ params, body }) => cloudProxy('POST', servicePath(params, 'privateEndpoint'), body),
});
