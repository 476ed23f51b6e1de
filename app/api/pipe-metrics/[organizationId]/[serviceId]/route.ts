import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { defineRoute } from '@/lib/server/define-route';
import { servicePipeMetrics } from '@/lib/server/pipe-metrics/views';
import { serviceParams as params } from '@/lib/server/route-params';

export const GET = defineRoute({ role: REQUIRED_ROLE.read, params, handler: ({ params: p }) => servicePipeMetrics(p) });
