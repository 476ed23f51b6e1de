import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { defineRoute } from '@/lib/server/define-route';
import { accessResponse } from '@/lib/server/diagnosis/routes';
import { serviceParams as params } from '@/lib/server/route-params';

/** Whether the console may read the service's own tables; admins turn it on (the service's query endpoint, read-only). */
export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  params,
  handler: ({ params: p }) => accessResponse(p, false),
});
export const POST = defineRoute({
  role: REQUIRED_ROLE.manageQueryAccess,
  params,
  handler: ({ params: p }) => accessResponse(p, true),
});
