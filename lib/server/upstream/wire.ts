import 'server-only';
import { randomUUID } from 'node:crypto';
import { neutralBody, neutralFieldPath, wireBody, wirePath } from '@/lib/contract/names';
import type { UpstreamName } from '../env';
import type { FieldError } from '../errors';
import type { UpstreamResult } from './result';

/**
 * How a call crosses into an upstream's own names and its answer comes back. The cloud surface is
 * the one whose published names differ from the console's (lib/contract/names.ts); the open-source
 * observability surface already speaks them.
 */
export interface WireDialect {
  /** The console's path → the path sent. */
  path(path: string): string;
  /** The console's body → the body sent; `path` is the console's path of the call. */
  request(path: string, body: unknown): unknown;
  /** An answer in the upstream's names → the same answer in the console's, text and parsed data alike. */
  answer(path: string, result: UpstreamResult): UpstreamResult;
  /** Field errors the upstream named → the console's form paths. */
  fields(fields: FieldError[]): FieldError[];
  /** Headers every call to this upstream carries. */
  headers?: Record<string, string>;
}

const same: WireDialect = {
  path: (path) => path,
  request: (_path, body) => body,
  answer: (_path, result) => result,
  fields: (fields) => fields,
};

const cloud: WireDialect = {
  path: wirePath,
  request: wireBody,
  answer(path, result) {
    if (result.data === null || result.data === undefined) return result;
    const data = neutralBody(path, result.data);
    // Most answers carry no renamed name and keep the upstream's own bytes.
    return data === result.data ? result : { ...result, data, text: JSON.stringify(data) };
  },
  fields: (fields) => fields.map((field) => ({ ...field, path: neutralFieldPath(field.path) })),
};

/**
 * The service query host, as the vendor's CLI calls it: the key's Basic auth marked as a custom
 * key, the service type, and a fresh `runId` per query (added here, so two identical queries still
 * share the read cache).
 */
const query: WireDialect = {
  ...same,
  request: (_path, body) => ({ runId: randomUUID(), ...(body as Record<string, unknown>) }),
  headers: { 'auth-provider': 'custom', 'x-service-type': 'clickhouse' },
};

export function wireFor(name: UpstreamName): WireDialect {
  return name === 'cloud' ? cloud : name === 'query' ? query : same;
}
