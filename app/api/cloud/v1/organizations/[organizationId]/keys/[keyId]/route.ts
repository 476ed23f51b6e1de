import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { keyUpdateSchema } from '@/lib/schemas/keys';
import { guardConsoleKey } from '@/lib/server/console-key';
import { defineRoute } from '@/lib/server/define-route';
import { keyParams as params } from '@/lib/server/route-params';
import { cloudApi } from '@/lib/server/upstream/typed';

const KEY = '/v1/organizations/{organizationId}/keys/{keyId}';
export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  params,
  handler: ({ params: p }) => cloudApi.proxy('get', KEY, { params: p }),
});
/** A change that could cut the console off from the cloud needs `X-Sluice-Confirm-Lockout` (lib/server/console-key.ts). */
export const PATCH = defineRoute({
  role: REQUIRED_ROLE.manageKeys,
  params,
  body: keyUpdateSchema,
  handler: async ({ request, params: p, body }) => {
    await guardConsoleKey(request, p, body);
    return cloudApi.proxy('patch', KEY, { params: p, body });
  },
});
export const DELETE = defineRoute({
  role: REQUIRED_ROLE.manageKeys,
  params,
  handler: async ({ request, params: p, audit }) => {
    audit.targetName = (await guardConsoleKey(request, p, 'delete')).name;
    return cloudApi.proxy('delete', KEY, { params: p });
  },
});
