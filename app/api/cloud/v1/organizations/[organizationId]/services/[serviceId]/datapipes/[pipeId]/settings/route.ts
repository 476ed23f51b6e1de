import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { compactPipeRequest, pipeSettingsBodySchema } from '@/lib/schemas/pipes';
import { defineRoute } from '@/lib/server/define-route';
import { pipeParams as params, type PipeParams } from '@/lib/server/route-params';
import { asSent, cloudApi } from '@/lib/server/upstream/typed';

const SETTINGS = '/v1/organizations/{organizationId}/services/{serviceId}/clickpipes/{clickPipeId}/settings';
const pipe = (p: PipeParams) => ({ ...p, clickPipeId: p.pipeId });
export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  params,
  handler: ({ params: p }) => cloudApi.proxy('get', SETTINGS, { params: pipe(p) }),
});
export const PUT = defineRoute({
  role: REQUIRED_ROLE.managePipes,
  params,
  body: pipeSettingsBodySchema,
  handler: ({ params: p, body }) =>
    cloudApi.proxy('put', SETTINGS, {
      params: pipe(p),
      body: asSent(compactPipeRequest({ settings: body }).settings ?? {}),
    }),
});
