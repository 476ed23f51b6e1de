import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { keyCreateSchema } from '@/lib/schemas/keys';
import { defineRoute } from '@/lib/server/define-route';
import { organizationParams as params, organizationPath } from '@/lib/server/route-params';
import { cloudProxy } from '@/lib/server/upstream/cloud';

export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  params,
  handler: ({ params: p }) => cloudProxy('GET', organizationPath(p, 'keys')),
});
/** The one response allowed to carry `keySecret`: the admin who creates a key sees it once. */
export const POST = defineRoute({
  role: REQUIRED_ROLE.manageKeys,
  params,
  body: keyCreateSchema,
  handler: ({ params: p, body }) => cloudProxy('POST', organizationPath(p, 'keys'), body, { allowKeySecret: true }),
});
