import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { cdcScalingSchema } from '@/lib/schemas/scaling';
import { defineRoute } from '@/lib/server/define-route';
import { serviceParams as params, type ServiceParams, servicePath } from '@/lib/server/route-params';
import { cloudProxy } from '@/lib/server/upstream/cloud';

const path = (p: ServiceParams) => servicePath(p, 'datapipesCdcScaling');
export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  params,
  handler: ({ params: p }) => cloudProxy('GET', path(p)),
});
export const PATCH = defineRoute({
  role: REQUIRED_ROLE.manageScaling,
  params,
  body: cdcScalingSchema,
  handler: ({ params: p, body }) => cloudProxy('PATCH', path(p), body),
});
