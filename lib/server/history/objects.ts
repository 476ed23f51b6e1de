import 'server-only';
import type { HistoryKind } from '@/lib/history/kinds';
import { normalizeObject } from '@/lib/history/normalize';
import { consoleContext } from '../env';
import { managedObservabilityPath, organizationPath, pipePath, servicePath } from '../route-params';
import { sanitize } from '../sanitize';
import { cloudCall } from '../upstream/cloud';
import type { UpstreamResult } from '../upstream/http';
import { observabilityCall } from '../upstream/observability';
import type { ObjectContext } from './store';

/**
 * How each kind of versioned object is reached upstream: read (for a change made outside, a
 * restore's check and the export), created (a restore as a new object) and where the record sits
 * in an answer. Writes that replace an object are the restore's (./restore.ts).
 */

export type Json = Record<string, unknown>;

export interface Located {
  organizationId: string;
  serviceId: string;
}

/** The organization and service of an object: from its history, else the console's own. */
export function locate(context: ObjectContext | null | undefined): Located {
  const fallback = consoleContext();
  return {
    organizationId: context?.organizationId ?? fallback.organizationId,
    serviceId: context?.serviceId ?? fallback.serviceId,
  };
}

/** The record in an answer: the open-source surface's `data`, the cloud's `result` (a new key's under `key`). */
export function recordOf(body: unknown): Json | null {
  if (typeof body !== 'object' || body === null) return null;
  const { result, data } = sanitize(body) as { result?: unknown; data?: unknown };
  const record = result ?? data;
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return null;
  const key = (record as { key?: unknown }).key;
  return (typeof key === 'object' && key !== null ? key : record) as Json;
}

function objectPath(
  kind: HistoryKind,
  id: string,
  at: Located,
): { surface: 'cloud' | 'observability'; path: string[] } | null {
  switch (kind) {
    case 'dashboards':
      return { surface: 'observability', path: ['v2', 'dashboards', id] };
    case 'alerts':
      return { surface: 'observability', path: ['v2', 'alerts', id] };
    case 'managed-dashboards':
      return { surface: 'cloud', path: managedObservabilityPath(at, 'dashboards', id) };
    case 'managed-alerts':
      return { surface: 'cloud', path: managedObservabilityPath(at, 'alerts', id) };
    case 'pipes':
      return { surface: 'cloud', path: pipePath({ ...at, pipeId: id }) };
    case 'keys':
      return { surface: 'cloud', path: organizationPath(at, 'keys', id) };
    case 'endpoints':
      // A private endpoint has no read of its own: its history is what the console registered.
      return null;
  }
}

export function callObject(
  kind: HistoryKind,
  id: string,
  at: Located,
  method: 'GET' | 'PUT' | 'PATCH' | 'DELETE',
  body?: unknown,
  fresh = false,
): Promise<UpstreamResult> | null {
  const target = objectPath(kind, id, at);
  if (!target) return null;
  return target.surface === 'cloud'
    ? cloudCall(method, target.path, body, { cache: !fresh })
    : observabilityCall(method, target.path, body, { cache: !fresh });
}

/** The object as upstream has it now, normalized as versions keep it; null for a kind with no read. */
export async function readObject(kind: HistoryKind, id: string, at: Located, fresh = true): Promise<Json | null> {
  const call = callObject(kind, id, at, 'GET', undefined, fresh);
  if (!call) return null;
  return normalizeObject(kind, recordOf((await call).data));
}

/** Creates an object from a version's body (a restore as new); answers the created record. */
export async function createObject(kind: HistoryKind, at: Located, body: Json): Promise<Json | null> {
  const post = (surface: 'cloud' | 'observability', path: string[]) =>
    surface === 'cloud' ? cloudCall('POST', path, body) : observabilityCall('POST', path, body);
  let result: UpstreamResult;
  switch (kind) {
    case 'dashboards':
      result = await post('observability', ['v2', 'dashboards']);
      break;
    case 'alerts':
      result = await post('observability', ['v2', 'alerts']);
      break;
    case 'managed-dashboards':
      result = await post('cloud', managedObservabilityPath(at, 'dashboards'));
      break;
    case 'managed-alerts':
      result = await post('cloud', managedObservabilityPath(at, 'alerts'));
      break;
    case 'endpoints':
      result = await post('cloud', servicePath(at, 'privateEndpoint'));
      break;
    default:
      return null;
  }
  return recordOf(result.data);
}

/** Fields a service assigns or computes: never sent back in a write. */
const SERVER_FIELDS = new Set([
  'id',
  'createdAt',
  'updatedAt',
  'runState',
  'serviceId',
  'keySuffix',
  'usedAt',
  'team',
  'createdBy',
  'updatedBy',
  'teamId',
  '_id',
  '__v',
]);

/** A version's object as a create or replace body: its own content, whole, less what the service assigns. */
export function writableBody(object: Json): Json {
  const body: Json = {};
  for (const [key, value] of Object.entries(object)) if (!SERVER_FIELDS.has(key)) body[key] = value;
  return body;
}
