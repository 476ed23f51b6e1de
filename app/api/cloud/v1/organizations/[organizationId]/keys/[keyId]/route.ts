import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { keyUpdateSchema } from '@/lib/schemas/keys';
import { defineRoute } from '@/lib/server/define-route';
import { keyParams as params, type KeyParams, organizationPath } from '@/lib/server/route-params';
import { cloudProxy } from '@/lib/server/upstream/cloud';

const path = (p: KeyParams) => organizationPath(p, 'keys', p.keyId);
export const GET = defineRoute({ role: REQUIRED_ROLE.read, params, handler: ({ params: p }) => cloudProxy('GET', path(p)) });
export const PATCH = defineRoute({
  role: REQUIRED_ROLE.manageKeys,
  params,
  body: keyUpdateSchema,
  handler: ({ params: p, body }) => cloudProxy('PATCH', path(p), body),
});
export const DELETE = defineRoute({ role: REQUIRED_ROLE.manageKeys, params, handler: ({ params: p }) => cloudProxy('DELETE', path(p)) });
