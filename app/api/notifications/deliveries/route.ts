import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { defineRoute } from '@/lib/server/define-route';
import { deliveriesList } from '@/lib/server/notifications/routes';

/** The newest deliveries and their attempts, for admins (`?status=failed`). */
export const GET = defineRoute({
  role: REQUIRED_ROLE.manageNotifications,
  handler: ({ request }) => deliveriesList(request),
});
