import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { defineRoute } from '@/lib/server/define-route';
import { historyList } from '@/lib/server/history/routes';
import { historyObjectParams as params } from '@/lib/server/route-params';

/** `{data: [{version, at, author, source, summary, requestId}]}` newest first; `ETag` is the object's now. */
export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  params,
  handler: ({ params: p, requestId }) => historyList(p, requestId),
});
