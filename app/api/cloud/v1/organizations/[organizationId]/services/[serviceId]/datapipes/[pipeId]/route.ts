import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { compactPipeRequest, pipeUpdateBodySchema } from '@/lib/schemas/pipes';
import { defineRoute } from '@/lib/server/define-route';
import { pipeParams as params, pipePath } from '@/lib/server/route-params';
import { cloudProxy } from '@/lib/server/upstream/cloud';

export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  params,
  handler: ({ params: p }) => cloudProxy('GET', pipePath(p)),
});
export const PATCH = defineRoute({
  role: REQUIRED_ROLE.managePipes,
  params,
  body: pipeUpdateBodySchema,
  handler: ({ params: p, body }) => cloudProxy('PATCH', pipePath(p), compactPipeRequest(body)),
});
export const DELETE = defineRoute({
  role: REQUIRED_ROLE.managePipes,
  params,
  handler: ({ params: p }) => cloudProxy('DELETE', pipePath(p)),
});
