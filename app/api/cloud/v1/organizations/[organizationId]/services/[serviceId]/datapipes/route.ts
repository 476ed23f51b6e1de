import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { compactPipeRequest, pipeCreateSchema } from '@/lib/schemas/pipes';
import { defineRoute } from '@/lib/server/define-route';
import { serviceParams as params } from '@/lib/server/route-params';
import { asSent, cloudApi } from '@/lib/server/upstream/typed';

const PIPES = '/v1/organizations/{organizationId}/services/{serviceId}/clickpipes';
export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  params,
  handler: ({ params: p }) => cloudApi.proxy('get', PIPES, { params: p }),
});
/** The creation schema is kind-independent: it dispatches on the one source kind the body names. */
export const POST = defineRoute({
  role: REQUIRED_ROLE.managePipes,
  params,
  body: pipeCreateSchema,
  handler: ({ params: p, body }) =>
    cloudApi.proxy('post', PIPES, { params: p, body: asSent(compactPipeRequest(body)) }),
});
