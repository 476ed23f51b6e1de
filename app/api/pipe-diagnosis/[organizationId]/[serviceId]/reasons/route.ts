import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { defineRoute } from '@/lib/server/define-route';
import { reasonsResponse } from '@/lib/server/diagnosis/routes';
import { serviceParams as params } from '@/lib/server/route-params';

export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  params,
  handler: ({ params: p, request }) => reasonsResponse(p, request),
});
