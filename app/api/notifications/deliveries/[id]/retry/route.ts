import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { defineRoute } from '@/lib/server/define-route';
import { deliveryRetry } from '@/lib/server/notifications/routes';
import { deliveryIdParams } from '@/lib/schemas/notifications';

/** "Retry now": the delivery is due at once, whatever its back-off said. */
export const POST = defineRoute({
  role: REQUIRED_ROLE.manageNotifications,
  params: deliveryIdParams,
  handler: ({ params }) => deliveryRetry(params.id),
});
