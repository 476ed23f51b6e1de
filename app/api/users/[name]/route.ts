import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { userUpdateSchema } from '@/lib/schemas/users';
import { defineRoute } from '@/lib/server/define-route';
import { userParams as params } from '@/lib/server/route-params';
import { deleteUser, updateUser } from '@/lib/server/users-admin';

/** The organization-wide role and per-service roles, changed in place: open sessions see it on their next request. */
export const PATCH = defineRoute({
  role: REQUIRED_ROLE.manageUsers,
  params,
  body: userUpdateSchema,
  handler: ({ params: p, body, audit }) => updateUser(p.name, body, audit),
});

export const DELETE = defineRoute({
  role: REQUIRED_ROLE.manageUsers,
  params,
  handler: ({ params: p, audit }) => deleteUser(p.name, audit),
});
