import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { compactPipeRequest, pipeScalingBodySchema } from '@/lib/schemas/pipes';
import { defineRoute } from '@/lib/server/define-route';
import { pipeParams as params } from '@/lib/server/route-params';
import { asSent, cloudApi } from '@/lib/server/upstream/typed';

export const PATCH = defineRoute({
  role: REQUIRED_ROLE.managePipes,
  params,
  body: pipeScalingBodySchema,
  handler: ({ params: p, body }) =>
    cloudApi.proxy(
      'patch',
      '/v1/organizations/{organizationId}/services/{serviceId}/clickpipes/{clickPipeId}/scaling',
      {
        params: { ...p, clickPipeId: p.pipeId },
        body: asSent(compactPipeRequest({ scaling: body }).scaling ?? {}),
      },
    ),
});
