import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { defineRoute } from '@/lib/server/define-route';
import { pipeMetricsSampler } from '@/lib/server/pipe-metrics/service';
import { serviceParams as params } from '@/lib/server/route-params';

/** The service's Prometheus text, served from the console's newest scrape so readers share the upstream budget. */
export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  params,
  handler: async ({ params: p }) =>
    new Response(await pipeMetricsSampler().text(p.organizationId, p.serviceId), {
      headers: { 'content-type': 'text/plain; version=0.0.4; charset=utf-8', 'cache-control': 'no-store' },
    }),
});
