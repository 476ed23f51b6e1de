import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { compactPipeRequest, pipeUpdateBodySchema } from '@/lib/schemas/pipes';
import { defineRoute } from '@/lib/server/define-route';
import { pipeParams as params, type PipeParams } from '@/lib/server/route-params';

const PIPE = '/v1/organizations/{organizationId}/services/{serviceId}/clickpipes/{clickPipeId}';
const pipe = (p: PipeParams) => ({ ...p, clickPipeId: p.pipeId });
import { asSent, cloudApi } from '@/lib/server/upstream/typed';

export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  params,
  handler: ({ params: p }) => cloudApi.proxy('get', PIPE, { params: pipe(p) }),
});
export const PATCH = defineRoute({
  role: REQUIRED_ROLE.managePipes,
  params,
  body: pipeUpdateBodySchema,
  handler: ({ params: p, body }) =>
    cloudApi.proxy('patch', PIPE, { params: pipe(p), body: asSent(compactPipeRequest(body)) }),
});
export const DELETE = defineRoute({
  role: REQUIRED_ROLE.managePipes,
  params,
  handler: ({ params: p }) => cloudApi.proxy('delete', PIPE, { params: pipe(p) }),
});
