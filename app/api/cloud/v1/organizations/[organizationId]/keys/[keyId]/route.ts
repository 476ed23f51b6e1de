import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { keyUpdateSchema } from '@/lib/schemas/keys';
import { guardConsoleKey } from '@/lib/server/console-key';
import { defineRoute } from '@/lib/server/define-route';
import { keyParams as params, type KeyParams, organizationPath } from '@/lib/server/route-params';
import { cloudProxy } from '@/lib/server/upstream/cloud';

const path = (p: KeyParams) => organizationPath(p, 'keys', p.keyId);
export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  params,
  handler: ({ params: p }) => cloudProxy('GET', path(p)),
});
/** A change that could cut the console off from the cloud needs `X-Sluice-Confirm-Lockout` (lib/server/console-key.ts). */
export const PATCH = defineRoute({
  role: REQUIRED_ROLE.manageKeys,
  params,
  body: keyUpdateSchema,
  handler: async ({ request, params: p, body }) => {
    await guardConsoleKey(request, p, body);
    return cloudProxy('PATCH', path(p), body);
  },
});
export const DELETE = defineRoute({
  role: REQUIRED_ROLE.manageKeys,
  params,
  handler: async ({ request, params: p, audit }) => {
    audit.targetName = (await guardConsoleKey(request, p, 'delete')).name;
    return cloudProxy('DELETE', path(p));
  },
});
