import { Router } from '../http/router';
import { registerAlertRoutes } from './alerts';
import { registerChartRoutes } from './charts/routes';
import type { OssHandler } from './context';
import { registerDashboardRoutes } from './dashboards';
import { registerSearchRoutes } from './search';
import { registerSourceRoutes } from './sources';
import { registerWebhookRoutes } from './webhooks';

/** Every open-source resource group registers here; the chart engine (POST /api/v2/charts/series) joins with one line. */
export function createOssRouter(): Router<OssHandler> {
  const router = new Router<OssHandler>();
  registerDashboardRoutes(router);
  registerAlertRoutes(router);
  registerSourceRoutes(router);
  registerWebhookRoutes(router);
  registerChartRoutes(router);
  registerSearchRoutes(router);
  return router;
}
