import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { defineRoute } from '@/lib/server/define-route';
import { channelTest } from '@/lib/server/notifications/routes';
import { channelIdParams } from '@/lib/schemas/notifications';

/** "Send a test": one test message to the channel, now. */
export const POST = defineRoute({
  role: REQUIRED_ROLE.manageNotifications,
  params: channelIdParams,
  handler: ({ params }) => channelTest(params.id),
});
