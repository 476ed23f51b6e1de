import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { defineRoute } from '@/lib/server/define-route';
import { pipeTimelineDetail } from '@/lib/server/pipe-history/views';
import { pipeParams as params } from '@/lib/server/route-params';

export const GET = defineRoute({ role: REQUIRED_ROLE.read, params, handler: ({ params: p }) => pipeTimelineDetail(p) });
