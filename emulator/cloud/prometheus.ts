import { HttpError } from '../http/errors';
import { ORG, SERVICE, route, type CloudContext, type CloudRouter } from './context';
import { PlainTextResult } from './envelope';
import { requireOrganization, requireService } from './lookup';
import { renderOrganizationPrometheus, renderServicePrometheus } from './pipes/prometheus';

/** `filtered_metrics` is a boolean written as text; anything else is refused like upstream's validation. */
function filteredMetrics(ctx: CloudContext): boolean {
  const raw = ctx.query.get('filtered_metrics');
  if (raw === null || raw === '') return false;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw new HttpError(400, 'filtered_metrics must be true or false');
}

/** Prometheus text for one service, or for every service of the organization. */
export function registerPrometheusRoutes(router: CloudRouter): void {
  router.get(
    `${SERVICE}/prometheus`,
    route('developer', (ctx) => {
      const service = requireService(ctx);
      return new PlainTextResult(renderServicePrometheus(ctx.state, service, filteredMetrics(ctx)));
    }),
  );
  router.get(
    `${ORG}/prometheus`,
    route('developer', (ctx) => {
      requireOrganization(ctx);
      return new PlainTextResult(renderOrganizationPrometheus(ctx.state, filteredMetrics(ctx)));
    }),
  );
}
