import { HttpError } from '../http/errors';
import type { Service } from '../state';
import type { CloudContext } from './context';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function uuidParam(ctx: CloudContext, name: string): string {
  const value = ctx.params[name] ?? '';
  if (!UUID.test(value)) throw new HttpError(400, `${name} must be a UUID`);
  return value;
}

export function requireOrganization(ctx: CloudContext): void {
  const id = uuidParam(ctx, 'organizationId');
  if (id !== ctx.state.organization.id) throw new HttpError(404, `organization ${id} not found`);
}

export function requireService(ctx: CloudContext): Service {
  requireOrganization(ctx);
  const id = uuidParam(ctx, 'serviceId');
  const service = ctx.state.services.get(id);
  if (!service) throw new HttpError(404, `service ${id} not found`);
  return service;
}

/** A JSON object body, or a 400 naming what was sent instead. */
export function objectBody(ctx: CloudContext): Record<string, unknown> {
  const body = ctx.readJson();
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new HttpError(400, 'request body must be a JSON object');
  return body as Record<string, unknown>;
}
