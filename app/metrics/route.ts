import { definePublicRoute } from '@/lib/server/define-route';
import { metricsResponse } from '@/lib/server/metrics-endpoint';

/** Prometheus metrics: with METRICS_TOKEN as a bearer token, or from loopback when none is set. */
export const GET = definePublicRoute({ handler: ({ request }) => metricsResponse(request) });
