import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { compactPipeRequest, pipeScalingBodySchema } from '@/lib/schemas/pipes';
import { defineRoute } from '@/lib/server/define-route';
import { pipeParams as params, pipePath } from '@/lib/server/route-params';
import { cloudProxy } from '@/lib/server/upstream/cloud';

export const PATCH = defineRoute({
  role: REQUIRED_ROLE.managePipes,
  params,
  body: pipeScalingBodySchema,
  handler: ({ params: p, body }) =>
    cloudProxy('PATCH', pipePath(p, 'scaling'), compactPipeRequest({ scaling: body }).scaling ?? {}),
});
