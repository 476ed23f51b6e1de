import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { userCreateSchema } from '@/lib/schemas/users';
import { defineRoute } from '@/lib/server/define-route';
import { createUser, listUsers } from '@/lib/server/users-admin';

/** Every console user, local and single sign-on, with roles and sign-in times. */
export const GET = defineRoute({ role: REQUIRED_ROLE.manageUsers, handler: () => listUsers() });

/** A local user with a generated password, answered once. */
export const POST = defineRoute({
  role: REQUIRED_ROLE.manageUsers,
  body: userCreateSchema,
  handler: ({ body, audit }) => createUser(body, audit),
});
