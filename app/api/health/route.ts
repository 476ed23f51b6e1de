import { definePublicRoute } from '@/lib/server/define-route';
import { healthResponse } from '@/lib/server/health';

/** Liveness and upstream reachability; open without a session, so it reports no secrets or URLs. */
export const GET = definePublicRoute({ handler: () => healthResponse() });
