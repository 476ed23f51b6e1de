import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { defineRoute } from '@/lib/server/define-route';
import { channelCreate, channelsList } from '@/lib/server/notifications/routes';
import { createChannelSchema } from '@/lib/schemas/notifications';

/** Notification channels (secrets never returned). */
export const GET = defineRoute({ role: REQUIRED_ROLE.manageNotifications, handler: () => channelsList() });
export const POST = defineRoute({
  role: REQUIRED_ROLE.manageNotifications,
  body: createChannelSchema,
  handler: ({ body }) => channelCreate(body),
});
