import { HttpError } from '../http/errors';
import type { Service } from '../state';
import { ORG, SERVICE, route, type CloudRouter } from './context';
import { objectBody, requireOrganization, requireService } from './lookup';
import { parseEndpointChanges, applyEndpointChanges } from './private-endpoints';

const SERVICE_NAME_MAX = 50;

/** What the service runs with now (the contract requires it); derived from the tier, as the seed has no autoscaling schedule. */
function currentScaling(service: Service) {
  const replicas = service.tier === 'production' ? 3 : 1;
  const memory = service.tier === 'production' ? 16 : 8;
  return {
    effectiveAutoscalingMode: 'vertical',
    effectiveMinReplicaMemoryGb: memory,
    effectiveMaxReplicaMemoryGb: memory * 4,
    effectiveMinReplicas: replicas,
    effectiveMaxReplicas: replicas,
    effectiveIdleScaling: service.idleScaling,
    effectiveIdleTimeoutMinutes: 15,
  };
}

export function serviceRecord(service: Service) {
  return {
    ...service,
    currentScaling: currentScaling(service),
    endpoints: service.endpoints.map((e) => ({ ...e })),
    privateEndpointIds: [...service.privateEndpointIds],
  };
}

export function registerServiceRoutes(router: CloudRouter): void {
  router.get(
    `${ORG}/services`,
    route('developer', (ctx) => {
      requireOrganization(ctx);
      return [...ctx.state.services.values()].map(serviceRecord);
    }),
  );
  router.get(
    SERVICE,
    route('developer', (ctx) => serviceRecord(requireService(ctx))),
  );
  router.patch(
    SERVICE,
    route('developer', (ctx) => {
      const service = requireService(ctx);
      const body = objectBody(ctx);
      let name: string | undefined;
      if (body.name !== undefined) {
        if (typeof body.name !== 'string' || body.name.trim() === '')
          throw new HttpError(400, 'name must be a non-empty string');
        if (body.name.trim().length > SERVICE_NAME_MAX)
          throw new HttpError(400, `name must be at most ${SERVICE_NAME_MAX} characters`);
        name = body.name.trim();
      }
      const changes =
        body.privateEndpointIds === undefined
          ? undefined
          : parseEndpointChanges(ctx.state, service, body.privateEndpointIds);
      if (name !== undefined) service.name = name;
      if (changes) applyEndpointChanges(service, changes);
      return serviceRecord(service);
    }),
  );
}
