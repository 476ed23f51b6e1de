import 'server-only';
import type { HistoryKind } from '@/lib/history/kinds';
import { normalizeObject } from '@/lib/history/normalize';
import { consoleContext } from '../env';
import { sanitize } from '../sanitize';
import type { UpstreamResult } from '../upstream/http';
import { asSent, cloudApi, observabilityApi } from '../upstream/typed';
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

const SERVICE = '/v1/organizations/{organizationId}/services/{serviceId}';
const MANAGED_DASHBOARD = `${SERVICE}/clickstack/dashboards/{clickStackDashboardId}` as const;
const MANAGED_ALERT = `${SERVICE}/clickstack/alerts/{clickStackAlertId}` as const;

/** The object as upstream answers it now; null for a kind with no read of its own. */
function readAnswer(kind: HistoryKind, id: string, at: Located, fresh: boolean): Promise<UpstreamResult> | null {
  const options = { cache: !fresh };
  switch (kind) {
    case 'dashboards':
      return observabilityApi.call('get', '/api/v2/dashboards/{id}', { params: { id } }, options);
    case 'alerts':
      return observabilityApi.call('get', '/api/v2/alerts/{id}', { params: { id } }, options);
    case 'managed-dashboards':
      return cloudApi.call('get', MANAGED_DASHBOARD, { params: { ...at, clickStackDashboardId: id } }, options);
    case 'managed-alerts':
      return cloudApi.call('get', MANAGED_ALERT, { params: { ...at, clickStackAlertId: id } }, options);
    case 'pipes':
      return cloudApi.call(
        'get',
        `${SERVICE}/clickpipes/{clickPipeId}`,
        { params: { ...at, clickPipeId: id } },
        options,
      );
    case 'keys':
      return cloudApi.call(
        'get',
        '/v1/organizations/{organizationId}/keys/{keyId}',
        { params: { ...at, keyId: id } },
        options,
      );
    case 'endpoints':
      // A private endpoint has no read of its own: its history is what the console registered.
      return null;
  }
}

/** Replaces an alert whole with a version's body (the restore's write for both alert kinds). */
export function replaceAlert(
  kind: 'alerts' | 'managed-alerts',
  id: string,
  at: Located,
  body: Json,
): Promise<UpstreamResult> {
  return kind === 'alerts'
    ? observabilityApi.call('put', '/api/v2/alerts/{id}', { params: { id }, body: asSent(body) })
    : cloudApi.call('put', MANAGED_ALERT, { params: { ...at, clickStackAlertId: id }, body: asSent(body) });
}

/** The object as upstream has it now, normalized as versions keep it; null for a kind with no read. */
export async function readObject(kind: HistoryKind, id: string, at: Located, fresh = true): Promise<Json | null> {
  const call = readAnswer(kind, id, at, fresh);
  if (!call) return null;
  return normalizeObject(kind, recordOf((await call).data));
}

/** Creates an object from a version's body (a restore as new); answers the created record. */
export async function createObject(kind: HistoryKind, at: Located, body: Json): Promise<Json | null> {
  // A version's body is the object as stored, in the console's dialect: only the paths are typed.
  const sent = { body: asSent(body) };
  let result: UpstreamResult;
  switch (kind) {
    case 'dashboards':
      result = await observabilityApi.call('post', '/api/v2/dashboards', sent);
      break;
    case 'alerts':
      result = await observabilityApi.call('post', '/api/v2/alerts', sent);
      break;
    case 'managed-dashboards':
      result = await cloudApi.call('post', `${SERVICE}/clickstack/dashboards`, { params: at, ...sent });
      break;
    case 'managed-alerts':
      result = await cloudApi.call('post', `${SERVICE}/clickstack/alerts`, { params: at, ...sent });
      break;
    case 'endpoints':
      result = await cloudApi.call('post', `${SERVICE}/privateEndpoint`, { params: at, ...sent });
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
