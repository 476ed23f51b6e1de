import { json } from '../http/respond';
import type { Webhook } from '../state';
import { API, type OssRouter } from './context';
import { listPage } from './pagination';

/** Headers may hold secrets: they are never part of a response. */
function webhookRecord({ headers: _headers, ...webhook }: Webhook) {
  return { ...webhook };
}

export function registerWebhookRoutes(router: OssRouter): void {
  router.get(`${API}/webhooks`, (ctx) => json(listPage(ctx, ctx.state.oss.webhooks.map(webhookRecord))));
}
