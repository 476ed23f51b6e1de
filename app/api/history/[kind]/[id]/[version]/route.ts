import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { defineRoute } from '@/lib/server/define-route';
import { historyVersion } from '@/lib/server/history/routes';
import { historyVersionParams as params } from '@/lib/server/route-params';

/** `{data: {version, object}}`. */
export const GET = defineRoute({ role: REQUIRED_ROLE.read, params, handler: ({ params: p }) => historyVersion(p) });
