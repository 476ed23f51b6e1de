import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { keyCreateSchema } from '@/lib/schemas/keys';
import { defineRoute } from '@/lib/server/define-route';
import { organizationParams as params } from '@/lib/server/route-params';
import { cloudApi } from '@/lib/server/upstream/typed';

const KEYS = '/v1/organizations/{organizationId}/keys';

export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  params,
  handler: ({ params: p }) => cloudApi.proxy('get', KEYS, { params: p }),
});
/** The one response allowed to carry `keySecret`: the admin who creates a key sees it once. */
export const POST = defineRoute({
  role: REQUIRED_ROLE.manageKeys,
  params,
  body: keyCreateSchema,
  handler: ({ params: p, body }) => cloudApi.proxy('post', KEYS, { params: p, body }, { allowKeySecret: true }),
});
