import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { defineRoute } from '@/lib/server/define-route';
import { managedObservabilityPath, serviceParams } from '@/lib/server/route-params';
import { cloudProxy } from '@/lib/server/upstream/cloud';

export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  params: serviceParams,
  handler: ({ params }) => cloudProxy('GET', managedObservabilityPath(params, 'sources')),
});
