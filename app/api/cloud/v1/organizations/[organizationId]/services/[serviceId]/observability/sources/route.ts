import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { defineRoute } from '@/lib/server/define-route';
import { serviceParams } from '@/lib/server/route-params';
import { cloudApi } from '@/lib/server/upstream/typed';

export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  params: serviceParams,
  handler: ({ params }) =>
    cloudApi.proxy('get', '/v1/organizations/{organizationId}/services/{serviceId}/clickstack/sources', { params }),
});
