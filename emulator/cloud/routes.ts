import { Router } from '../http/router';
import { registerCdcScalingRoutes } from './cdc-scaling';
import type { CloudRoute } from './context';
import { registerKeyRoutes } from './keys';
import { registerClickStackRoutes } from './clickstack';
import { registerPipeRoutes, type PipeRouteOptions } from './pipes/routes';
import { registerOrganizationRoutes } from './organization';
import { registerPrivateEndpointRoutes } from './private-endpoints';
import { registerPrometheusRoutes } from './prometheus';
import { registerQueryEndpointRoutes } from './query-endpoint';
import { registerServiceRoutes } from './services';

/** Every cloud resource group registers itself here: adding one (e.g. pipes) is one import and one line. */
export function createCloudRouter(options: PipeRouteOptions = {}): Router<CloudRoute> {
  const router = new Router<CloudRoute>();
  registerOrganizationRoutes(router);
  registerServiceRoutes(router);
  registerPrivateEndpointRoutes(router);
  registerKeyRoutes(router);
  registerCdcScalingRoutes(router);
  registerClickStackRoutes(router);
  registerPipeRoutes(router, options);
  registerPrometheusRoutes(router);
  registerQueryEndpointRoutes(router);
  return router;
}
