import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { defineRoute } from '@/lib/server/define-route';
import { pipeMetricsDetail } from '@/lib/server/pipe-metrics/views';
import { pipeParams as params } from '@/lib/server/route-params';

export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  params,
  handler: ({ request, params: p }) => pipeMetricsDetail(p, request),
});
