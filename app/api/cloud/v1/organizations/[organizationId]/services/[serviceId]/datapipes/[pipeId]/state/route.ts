import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { pipeStateCommandSchema } from '@/lib/schemas/pipes';
import { defineRoute } from '@/lib/server/define-route';
import { pipeParams as params } from '@/lib/server/route-params';
import { cloudApi } from '@/lib/server/upstream/typed';

/** The kind-independent command schema; `resync` on a non-Postgres pipe is refused by the upstream. */
export const PATCH = defineRoute({
  role: REQUIRED_ROLE.managePipes,
  params,
  body: pipeStateCommandSchema,
  handler: ({ params: p, body }) =>
    cloudApi.proxy('patch', '/v1/organizations/{organizationId}/services/{serviceId}/clickpipes/{clickPipeId}/state', {
      params: { ...p, clickPipeId: p.pipeId },
      body,
    }),
});
