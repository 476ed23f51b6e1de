import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { pipeStateCommandSchema } from '@/lib/schemas/pipes';
import { defineRoute } from '@/lib/server/define-route';
import { pipeParams as params, pipePath } from '@/lib/server/route-params';
import { cloudProxy } from '@/lib/server/upstream/cloud';

/** The kind-independent command schema; `resync` on a non-Postgres pipe is refused by the upstream. */
export const PATCH = defineRoute({
  role: REQUIRED_ROLE.managePipes,
  params,
  body: pipeStateCommandSchema,
  handler: ({ params: p, body }) => cloudProxy('PATCH', pipePath(p, 'state'), body),
});
