import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { defineRoute } from '@/lib/server/define-route';
import { organizationParams } from '@/lib/server/route-params';
import { cloudApi } from '@/lib/server/upstream/typed';

/** The organization's services (the cloud API's `instanceGetList`): names, providers, regions and states. */
export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  params: organizationParams,
  handler: ({ params }) => cloudApi.proxy('get', '/v1/organizations/{organizationId}/services', { params }),
});
