import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { defineRoute } from '@/lib/server/define-route';
import { channelDelete, channelUpdate } from '@/lib/server/notifications/routes';
import { channelIdParams, updateChannelSchema } from '@/lib/schemas/notifications';

export const PATCH = defineRoute({
  role: REQUIRED_ROLE.manageNotifications,
  params: channelIdParams,
  body: updateChannelSchema,
  handler: ({ params, body }) => channelUpdate(params.id, body),
});
export const DELETE = defineRoute({
  role: REQUIRED_ROLE.manageNotifications,
  params: channelIdParams,
  handler: ({ params, audit }) => channelDelete(params.id, audit),
});
