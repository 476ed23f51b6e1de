import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { defineRoute } from '@/lib/server/define-route';
import { inbox } from '@/lib/server/notifications/routes';

/** The in-console centre of the signed-in user: `{data: [...], unread}`. */
export const GET = defineRoute({ role: REQUIRED_ROLE.read, handler: ({ user }) => inbox(user) });
