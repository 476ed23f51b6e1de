import { HttpError } from '../http/errors';
import { newUuid } from '../prng';
import { QUERY_ENDPOINT_ROLES, type EmulatorState, type QueryEndpoint, type QueryEndpointRole } from '../state';
import { SERVICE, route, type CloudRouter } from './context';
import { NO_RESULT } from './envelope';
import { objectBody, requireService } from './lookup';

const bad = (message: string) => new HttpError(400, message);

function parseRoles(value: unknown): QueryEndpointRole[] {
  const rule = `roles must contain at least 1 element of ${QUERY_ENDPOINT_ROLES.join(', ')}`;
  if (!Array.isArray(value) || value.length === 0) throw bad(rule);
  const roles = value.map((role: unknown, i) => {
    if (!QUERY_ENDPOINT_ROLES.includes(role as QueryEndpointRole))
      throw bad(`roles[${i}] must be one of ${QUERY_ENDPOINT_ROLES.join(', ')}`);
    return role as QueryEndpointRole;
  });
  return [...new Set(roles)];
}

/** Record ids of existing keys of the organization (the keys list's `id`, not the Basic-auth key id). */
function parseKeys(state: EmulatorState, value: unknown): string[] {
  if (!Array.isArray(value)) throw bad('openApiKeys must be an array of API key ids');
  const ids = value.map((id: unknown, i) => {
    if (typeof id !== 'string' || id === '') throw bad(`openApiKeys[${i}] must be an API key id`);
    if (!state.keys.has(id)) throw bad(`openApiKeys[${i}]: API key ${id} is not a key of this organization`);
    return id;
  });
  return [...new Set(ids)];
}

function parseOrigins(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw bad('allowedOrigins must be a comma-separated list of domains');
  return value
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
    .join(',');
}

const record = (endpoint: QueryEndpoint): QueryEndpoint => ({
  ...endpoint,
  roles: [...endpoint.roles],
  openApiKeys: [...endpoint.openApiKeys],
});

/** The service query endpoint: who may run SQL on the service through the query host (query-host.ts). */
export function registerQueryEndpointRoutes(router: CloudRouter): void {
  const PATH = `${SERVICE}/serviceQueryEndpoint`;
  router.get(
    PATH,
    route('developer', (ctx) => {
      const service = requireService(ctx);
      const endpoint = ctx.state.queryEndpoints.get(service.id);
      if (!endpoint) throw new HttpError(404, `no query endpoint is configured for service ${service.id}`);
      return record(endpoint);
    }),
  );
  // Replaces the whole configuration (an upsert): what is not sent is not kept.
  router.post(
    PATH,
    route('admin', (ctx) => {
      const service = requireService(ctx);
      const body = objectBody(ctx);
      const endpoint: QueryEndpoint = {
        id: ctx.state.queryEndpoints.get(service.id)?.id ?? newUuid(),
        roles: parseRoles(body.roles),
        openApiKeys: parseKeys(ctx.state, body.openApiKeys ?? []),
        allowedOrigins: parseOrigins(body.allowedOrigins),
      };
      ctx.state.queryEndpoints.set(service.id, endpoint);
      return record(endpoint);
    }),
  );
  router.delete(
    PATH,
    route('admin', (ctx) => {
      const service = requireService(ctx);
      if (!ctx.state.queryEndpoints.delete(service.id))
        throw new HttpError(404, `no query endpoint is configured for service ${service.id}`);
      return NO_RESULT;
    }),
  );
}
