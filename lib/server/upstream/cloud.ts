import 'server-only';
import { cloudConfig } from '../env';
import { sanitize, type SanitizeOptions } from '../sanitize';
import { upstreamRequest, type HttpMethod, type UpstreamResult } from './http';
import { passThrough } from './pass-through';

/** `cache: false` for a read that must see the upstream as it is now (the check before a conditional write). */
export interface CallOptions {
  cache?: boolean;
}

import type { CloudEnvelope } from '@/lib/api/http-types';

export type { CloudEnvelope };

/** Every segment is encoded, so an id can never add a path level or a query. */
export function encodePath(segments: readonly string[]): string {
  return `/${segments.map(encodeURIComponent).join('/')}`;
}

function toPath(path: string | readonly string[]): string {
  return typeof path === 'string' ? path : encodePath(path);
}

/** A cloud call for server code (pages, health): the parsed, sanitized envelope. */
export async function cloudRequest<T>(
  method: HttpMethod,
  path: string | readonly string[],
  body?: unknown,
): Promise<CloudEnvelope<T>> {
  const result = await upstreamRequest({ upstream: cloudConfig(), method, path: toPath(path), body });
  return sanitize(result.data) as CloudEnvelope<T>;
}

/** The raw upstream answer, for routes that look at it before passing it on. */
export function cloudCall(
  method: HttpMethod,
  path: string | readonly string[],
  body?: unknown,
  options: CallOptions = {},
): Promise<UpstreamResult> {
  return upstreamRequest({ upstream: cloudConfig(), method, path: toPath(path), body, cache: options.cache });
}

/** A cloud call whose answer goes to the browser as it came, credentials removed. */
export async function cloudProxy(
  method: HttpMethod,
  path: string | readonly string[],
  body?: unknown,
  options?: SanitizeOptions,
): Promise<Response> {
  const result = await upstreamRequest({ upstream: cloudConfig(), method, path: toPath(path), body });
  return passThrough(result, options);
}
