import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { defineRoute } from '@/lib/server/define-route';
import { userParams as params } from '@/lib/server/route-params';
import { resetUserPassword } from '@/lib/server/users-admin';

/** A new generated password for a local user, answered once; their open sessions end. */
export const POST = defineRoute({
  role: REQUIRED_ROLE.manageUsers,
  params,
  handler: ({ params: p, audit }) => resetUserPassword(p.name, audit),
});
