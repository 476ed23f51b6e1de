import { defineRoute } from '@/lib/server/define-route';
import { assertCanRestore, deletedRestore } from '@/lib/server/history/routes';
import { historyObjectParams as params } from '@/lib/server/route-params';

/** → `{data: {id}}`, the new object's id. */
export const POST = defineRoute({
  role: 'viewer',
  params,
  handler: ({ params: p, user, requestId }) => {
    assertCanRestore(user, p.kind);
    return deletedRestore(p, user, requestId);
  },
});
