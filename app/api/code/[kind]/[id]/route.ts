import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { defineRoute } from '@/lib/server/define-route';
import { objectCode } from '@/lib/server/history/code';
import { historyObjectParams as params } from '@/lib/server/route-params';

/** `?format=terraform` (default) or `json`: the pipe, dashboard or alert as a file, as text. */
export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  params,
  handler: ({ params: p, request }) => objectCode(p.kind, p.id, request),
});
