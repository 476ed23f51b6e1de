import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { defineRoute } from '@/lib/server/define-route';
import { ruleDelete, ruleUpdate } from '@/lib/server/notifications/routes';
import { ruleIdParams, updateRuleSchema } from '@/lib/schemas/notifications';

export const PATCH = defineRoute({
  role: REQUIRED_ROLE.manageNotifications,
  params: ruleIdParams,
  body: updateRuleSchema,
  handler: ({ params, body }) => ruleUpdate(params.id, body),
});
export const DELETE = defineRoute({
  role: REQUIRED_ROLE.manageNotifications,
  params: ruleIdParams,
  handler: ({ params, audit }) => ruleDelete(params.id, audit),
});
