import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { compactPipeRequest, pipeSettingsBodySchema } from '@/lib/schemas/pipes';
import { defineRoute } from '@/lib/server/define-route';
import { pipeParams as params, type PipeParams, pipePath } from '@/lib/server/route-params';
import { cloudProxy } from '@/lib/server/upstream/cloud';

const path = (p: PipeParams) => pipePath(p, 'settings');
export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  params,
  handler: ({ params: p }) => cloudProxy('GET', path(p)),
});
export const PUT = defineRoute({
  role: REQUIRED_ROLE.managePipes,
  params,
  body: pipeSettingsBodySchema,
  handler: ({ params: p, body }) => cloudProxy('PUT', path(p), compactPipeRequest({ settings: body }).settings ?? {}),
});
