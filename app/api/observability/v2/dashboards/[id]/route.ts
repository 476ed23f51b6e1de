import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { dashboardReplaceBodySchema } from '@/lib/schemas/observability/dashboard';
import { ossDashboardUpstream } from '@/lib/server/dashboard-upstreams';
import { getDashboardWithEtag, replaceDashboardIfMatch } from '@/lib/server/dashboard-versioning';
import { defineRoute } from '@/lib/server/define-route';
import { objectIdParams as params } from '@/lib/server/route-params';
import { observabilityApi } from '@/lib/server/upstream/typed';

const upstream = (p: { id: string }) => ossDashboardUpstream(p.id);
const role = REQUIRED_ROLE.manageDashboards;

/** Answers with an `ETag` of the stored dashboard. */
export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  params,
  handler: ({ params: p }) => getDashboardWithEtag(upstream(p)),
});
/** A full replace, as upstream, made conditional: `If-Match` is required (428), a stale one answers 412 with the current dashboard. */
export const PUT = defineRoute({
  role,
  params,
  // Unchanged tiles go back as stored; the handler checks the edited ones against the stored dashboard.
  body: dashboardReplaceBodySchema,
  handler: ({ params: p, body, request, requestId }) => replaceDashboardIfMatch(upstream(p), request, body, requestId),
});
export const DELETE = defineRoute({
  role,
  params,
  handler: ({ params: p }) => observabilityApi.proxy('delete', '/api/v2/dashboards/{id}', { params: p }),
});
