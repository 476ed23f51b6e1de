import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { defineRoute } from '@/lib/server/define-route';
import { organizationParams } from '@/lib/server/route-params';
import { cloudApi } from '@/lib/server/upstream/typed';

/** The organization record, which carries its private endpoints. */
export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  params: organizationParams,
  handler: ({ params }) => cloudApi.proxy('get', '/v1/organizations/{organizationId}', { params }),
});
