import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { chartQuerySchema } from '@/lib/schemas/observability/chart-query';
import { defineRoute } from '@/lib/server/define-route';
import { observabilityProxy } from '@/lib/server/upstream/observability';

/** A chart query only reads data, so a viewer may run it even though it is a POST. */
export const POST = defineRoute({
  role: REQUIRED_ROLE.read,
  body: chartQuerySchema,
  handler: ({ body }) => observabilityProxy('POST', ['v2', 'charts', 'series'], body),
});
