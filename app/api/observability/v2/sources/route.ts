import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { defineRoute } from '@/lib/server/define-route';
import { observabilityProxy } from '@/lib/server/upstream/observability';

export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  handler: () => observabilityProxy('GET', ['v2', 'sources']),
});
