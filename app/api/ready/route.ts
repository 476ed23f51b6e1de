import { definePublicRoute } from '@/lib/server/define-route';
import { readinessResponse } from '@/lib/server/readiness';

/** Readiness for a load balancer: database and shared state; open without a session, no secrets. */
export const GET = definePublicRoute({ handler: () => readinessResponse() });
