import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { defineRoute } from '@/lib/server/define-route';
import { markRead } from '@/lib/server/notifications/routes';
import { markReadSchema } from '@/lib/schemas/notifications';

/** Marks messages of the centre read for the signed-in user: `{ids: [...]}` or `{all: true}`. */
export const POST = defineRoute({
  role: REQUIRED_ROLE.read,
  body: markReadSchema,
  handler: ({ user, body }) => markRead(user, body),
});
