import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { defineRoute } from '@/lib/server/define-route';
import { observabilityApi } from '@/lib/server/upstream/typed';

export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  handler: () => observabilityApi.proxy('get', '/api/v2/sources', {}),
});
