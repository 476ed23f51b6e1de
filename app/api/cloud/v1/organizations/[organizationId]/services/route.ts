import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { defineRoute } from '@/lib/server/define-route';
import { organizationParams, organizationPath } from '@/lib/server/route-params';
import { cloudProxy } from '@/lib/server/upstream/cloud';

/** The organization's services (the cloud API's `instanceGetList`): names, providers, regions and states. */
export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  params: organizationParams,
  handler: ({ params }) => cloudProxy('GET', organizationPath(params, 'services')),
});
