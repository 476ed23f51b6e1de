import { passwordChangeSchema } from '@/lib/schemas/account';
import { changeOwnPassword } from '@/lib/server/account';
import { defineRoute } from '@/lib/server/define-route';

/** Any signed-in local user changes their own password; other sessions end, this one is renewed. */
export const POST = defineRoute({
  role: 'viewer',
  body: passwordChangeSchema,
  handler: ({ request, user, body }) => changeOwnPassword(request, user, body),
});
