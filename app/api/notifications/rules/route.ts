import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { defineRoute } from '@/lib/server/define-route';
import { ruleCreate, rulesList } from '@/lib/server/notifications/routes';
import { createRuleSchema } from '@/lib/schemas/notifications';

export const GET = defineRoute({ role: REQUIRED_ROLE.manageNotifications, handler: () => rulesList() });
export const POST = defineRoute({
  role: REQUIRED_ROLE.manageNotifications,
  body: createRuleSchema,
  handler: ({ body }) => ruleCreate(body),
});
