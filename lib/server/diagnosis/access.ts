import 'server-only';
import { LRUCache } from 'lru-cache';
import { isConsoleKey } from '@/lib/keys/console-key';
import type { DiagnosisAccess } from '@/lib/pipes/diagnosis/types';
import type { KeyRecord } from '@/lib/schemas/keys';
import { consoleKeySuffix } from '../console-key';
import { ApiError } from '../errors';
import { sanitize } from '../sanitize';
import type { ServiceParams } from '../route-params';
import type { CloudEnvelope } from '../upstream/cloud';
import { asSent, cloudApi } from '../upstream/typed';
import { UpstreamError } from '../upstream/http';

/** The role the console asks for: it reads, and never writes, the service's tables. */
export const READ_ONLY_ROLE = 'sql_console_read_only';

interface QueryEndpoint {
  roles?: string[];
  openApiKeys?: string[];
  allowedOrigins?: string;
}

const QUERY_ENDPOINT = '/v1/organizations/{organizationId}/services/{serviceId}/serviceQueryEndpoint';

async function currentEndpoint(p: ServiceParams, fresh: boolean): Promise<QueryEndpoint | null> {
  try {
    const result = await cloudApi.call('get', QUERY_ENDPOINT, { params: p }, { cache: !fresh });
    return (sanitize(result.data) as CloudEnvelope<QueryEndpoint>).result ?? null;
  } catch (error) {
    // The service has no query endpoint yet: that is the one answer that means "none".
    if (error instanceof UpstreamError && error.upstreamStatus === 404) return null;
    throw error;
  }
}

/** The console's key record does not change while it runs; reading it once in a while spares the keys list per page. */
const keyRecordIds = new LRUCache<string, string>({ max: 50, ttl: 10 * 60_000 });

/**
 * The query endpoint lists keys by their record id (a UUID), not by the key id the console signs
 * with; the console's record is the one whose suffix is its key id's tail (lib/keys/console-key.ts).
 */
async function consoleKeyRecordId(p: ServiceParams): Promise<string> {
  const known = keyRecordIds.get(p.organizationId);
  if (known) return known;
  const { result } = await cloudApi.request('get', '/v1/organizations/{organizationId}/keys', { params: p });
  const keys = (result ?? []) as KeyRecord[];
  const mine = keys.filter((key) => isConsoleKey(key, consoleKeySuffix()));
  if (mine.length !== 1) {
    throw new ApiError(
      409,
      'CONSOLE_KEY_UNKNOWN',
      mine.length === 0
        ? "The console's own API key is not among the organization's keys, so it cannot be added to the service's query endpoint"
        : "Several of the organization's keys end like the console's own key; add it to the service's query endpoint in the cloud console",
    );
  }
  keyRecordIds.set(p.organizationId, mine[0]!.id);
  return mine[0]!.id;
}

const union = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])];

/** What the endpoint would be with the console's key on it, read-only; everything already there stays. */
export function withConsoleKey(current: QueryEndpoint | null, keyId: string): DiagnosisAccess['proposed'] {
  return {
    // A role already granted stays: the endpoint's roles apply to every key on it.
    roles: union(current?.roles ?? [], [READ_ONLY_ROLE]),
    openApiKeys: union(current?.openApiKeys ?? [], [keyId]),
    allowedOrigins: current?.allowedOrigins ?? '',
  };
}

function describeAccess(current: QueryEndpoint | null, keyId: string): DiagnosisAccess {
  const enabled = Boolean(current && (current.openApiKeys ?? []).includes(keyId) && (current.roles ?? []).length > 0);
  return {
    enabled,
    keyId,
    current: current
      ? {
          roles: current.roles ?? [],
          openApiKeys: current.openApiKeys ?? [],
          allowedOrigins: current.allowedOrigins ?? '',
        }
      : null,
    proposed: withConsoleKey(current, keyId),
  };
}

export async function readAccess(p: ServiceParams): Promise<DiagnosisAccess> {
  const [current, keyId] = await Promise.all([currentEndpoint(p, false), consoleKeyRecordId(p)]);
  return describeAccess(current, keyId);
}

/**
 * Adds the console's key to the service's query endpoint. The upstream replaces the whole
 * configuration on POST, so it is read fresh first and everything on it is kept.
 */
export async function enableAccess(p: ServiceParams): Promise<DiagnosisAccess> {
  const [current, keyId] = await Promise.all([currentEndpoint(p, true), consoleKeyRecordId(p)]);
  const before = describeAccess(current, keyId);
  if (before.enabled) return before;
  const result = await cloudApi.call('post', QUERY_ENDPOINT, { params: p, body: asSent(before.proposed) });
  const stored = (sanitize(result.data) as CloudEnvelope<QueryEndpoint>).result ?? before.proposed;
  return describeAccess(stored, keyId);
}
