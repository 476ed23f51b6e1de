import { createHash } from 'node:crypto';
import { HttpError } from '../http/errors';
import type { EmulatorState, PrivateEndpoint, Service } from '../state';
import { SERVICE, route, type CloudRouter } from './context';
import { objectBody, requireService } from './lookup';

export const ENDPOINT_ID_MAX = 128;
export const ENDPOINT_DESCRIPTION_MAX = 255;
const ENDPOINT_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;

export interface EndpointChanges {
  add: string[];
  remove: string[];
}

function idList(value: unknown, field: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new HttpError(400, `${field} must be an array of private endpoint ids`);
  return value.map((id, i) => {
    if (typeof id !== 'string' || id === '') throw new HttpError(400, `${field}[${i}] must be a private endpoint id`);
    return id;
  });
}

/** Validates `{add?, remove?}`: every id must be an endpoint of the organization, and an added one must share the service's provider and region. */
export function parseEndpointChanges(state: EmulatorState, service: Service, value: unknown): EndpointChanges {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new HttpError(400, 'privateEndpointIds must be an object with add and/or remove lists');
  }
  const raw = value as Record<string, unknown>;
  const changes = {
    add: idList(raw.add, 'privateEndpointIds.add'),
    remove: idList(raw.remove, 'privateEndpointIds.remove'),
  };
  for (const [list, ids] of Object.entries(changes)) {
    ids.forEach((id, i) => {
      const endpoint = state.privateEndpoints.get(id);
      if (!endpoint)
        throw new HttpError(
          400,
          `privateEndpointIds.${list}[${i}]: private endpoint ${id} is not registered in this organization`,
        );
      if (list === 'add' && (endpoint.region !== service.region || endpoint.cloudProvider !== service.provider)) {
        throw new HttpError(
          400,
          `privateEndpointIds.add[${i}]: private endpoint ${id} is in ${endpoint.cloudProvider} ${endpoint.region}, but the service runs in ${service.provider} ${service.region}`,
        );
      }
    });
  }
  return changes;
}

export function applyEndpointChanges(service: Service, changes: EndpointChanges): void {
  const attached = new Set(service.privateEndpointIds);
  for (const id of changes.add) attached.add(id);
  for (const id of changes.remove) attached.delete(id);
  service.privateEndpointIds = [...attached];
}

function parseEndpoint(body: Record<string, unknown>): { id: string; description: string } {
  if (body.id === undefined || body.id === null || (typeof body.id === 'string' && body.id.trim() === ''))
    throw new HttpError(400, 'id is required');
  if (typeof body.id !== 'string') throw new HttpError(400, 'id must be a string');
  const id = body.id.trim();
  if (id.length > ENDPOINT_ID_MAX) throw new HttpError(400, `id must be at most ${ENDPOINT_ID_MAX} characters`);
  if (!ENDPOINT_ID.test(id)) throw new HttpError(400, 'id is not a valid private endpoint id');
  const description = body.description ?? '';
  if (typeof description !== 'string') throw new HttpError(400, 'description must be a string');
  if (description.length > ENDPOINT_DESCRIPTION_MAX)
    throw new HttpError(400, `description must be at most ${ENDPOINT_DESCRIPTION_MAX} characters`);
  return { id, description: description.trim() };
}

/** The name of the service's endpoint service in its provider's own form (PrivateLink, Private Service Connect, Private Link). */
function endpointServiceId(service: Service, digest: string): string {
  if (service.provider === 'gcp')
    return `projects/dbcloud-${digest.slice(17, 25)}/regions/${service.region}/serviceAttachments/svc-${digest.slice(0, 17)}`;
  if (service.provider === 'azure')
    return `svc-${digest.slice(0, 17)}.${digest.slice(17, 25)}.${service.region}.azure.privatelinkservice`;
  return `com.amazonaws.vpce.${service.region}.vpce-svc-${digest.slice(0, 17)}`;
}

/** Realistic-looking and stable per service, like the provider's endpoint-service name. */
export function endpointConfig(service: Service): { endpointServiceId: string; privateDnsHostname: string } {
  const digest = createHash('sha256').update(service.id).digest('hex');
  const host = service.endpoints[0]?.host.split('.')[0] ?? digest.slice(0, 10);
  return {
    endpointServiceId: endpointServiceId(service, digest),
    privateDnsHostname: `${host}.${service.region}.vpce.${service.provider}.dbcloud.net`,
  };
}

export function registerPrivateEndpointRoutes(router: CloudRouter): void {
  router.post(
    `${SERVICE}/privateEndpoint`,
    route('developer', (ctx) => {
      const service = requireService(ctx);
      const { id, description } = parseEndpoint(objectBody(ctx));
      if (ctx.state.privateEndpoints.has(id))
        throw new HttpError(409, `private endpoint ${id} already exists in this organization`);
      const endpoint: PrivateEndpoint = { id, description, cloudProvider: service.provider, region: service.region };
      ctx.state.privateEndpoints.set(id, endpoint);
      return { ...endpoint };
    }),
  );
  router.get(
    `${SERVICE}/privateEndpointConfig`,
    route('developer', (ctx) => endpointConfig(requireService(ctx))),
  );
}
