import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { compactPipeRequest, pipeCreateSchema } from '@/lib/schemas/pipes';
import { defineRoute } from '@/lib/server/define-route';
import { serviceParams as params, type ServiceParams, servicePath } from '@/lib/server/route-params';
import { cloudProxy } from '@/lib/server/upstream/cloud';

const path = (p: ServiceParams) => servicePath(p, 'datapipes');
export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  params,
  handler: ({ params: p }) => cloudProxy('GET', path(p)),
});
/** The creation schema is kind-independent: it dispatches on the one source kind the body names. */
export const POST = defineRoute({
  role: REQUIRED_ROLE.managePipes,
  params,
  body: pipeCreateSchema,
  handler: ({ params: p, body }) => cloudProxy('POST', path(p), compactPipeRequest(body)),
});
