import { restoreBodySchema as body } from '@/lib/schemas/history';
import { defineRoute } from '@/lib/server/define-route';
import { assertCanRestore, historyRestore } from '@/lib/server/history/routes';
import { historyObjectParams as params } from '@/lib/server/route-params';

/** `{version}` with `If-Match` → the object as restored; the role is the one its editing needs. */
export const POST = defineRoute({
  role: 'viewer',
  params,
  body,
  handler: ({ params: p, body: b, request, user, requestId }) => {
    assertCanRestore(user, p.kind);
    return historyRestore(p, b, request, user, requestId);
  },
});
