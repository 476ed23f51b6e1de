import 'server-only';
import { observabilityConfig } from '../env';
import { sanitize } from '../sanitize';
import { upstreamRequest, type HttpMethod, type UpstreamResult } from './http';
import { encodePath, type CallOptions } from './cloud';
import { jsonTextResponse } from '../errors';
import { passThrough, unexpectedAnswerHeaders } from './pass-through';

/** Paths of the open-source surface live under `/api`; callers name what follows it (as segments, or a path already encoded). */
function ossPath(path: string | readonly string[]): string {
  return `/api${typeof path === 'string' ? path : encodePath(path)}`;
}

export async function observabilityRequest<T>(
  method: HttpMethod,
  path: string | readonly string[],
  body?: unknown,
): Promise<T> {
  const result = await upstreamRequest({ upstream: observabilityConfig(), method, path: ossPath(path), body });
  return sanitize(result.data) as T;
}

/** The raw upstream answer, for routes that look at it before passing it on. */
export function observabilityCall(
  method: HttpMethod,
  path: string | readonly string[],
  body?: unknown,
  options: CallOptions = {},
): Promise<UpstreamResult> {
  return upstreamRequest({
    upstream: observabilityConfig(),
    method,
    path: ossPath(path),
    body,
    cache: options.cache,
  });
}

/** `read`: a POST that only reads (a chart query), paced, cached and coalesced like a GET. */
export async function observabilityProxy(
  method: HttpMethod,
  path: string | readonly string[],
  body?: unknown,
  options: { read?: boolean } = {},
): Promise<Response> {
  const result = await upstreamRequest({
    upstream: observabilityConfig(),
    method,
    path: ossPath(path),
    body,
    read: options.read,
  });
  return passThrough(result);
}

/** The largest page the list endpoints give (published contract). */
export const LIST_PAGE_LIMIT = 1000;
/** A bound on the pages one list read may cost, against a budget of 100 requests a minute. */
const LIST_PAGES_MAX = 10;

interface ListPage {
  data?: unknown[];
  meta?: { total?: number };
}

/**
 * A whole paged list (`{data, meta: {total, limit, offset}}`): pages are read until `total` is
 * reached, so a team with more than one page of alerts still sees them all. A server that sends
 * no `meta` has given everything in its one answer.
 */
export async function observabilityListAll(path: string | readonly string[]): Promise<Response> {
  const data: unknown[] = [];
  const answers: UpstreamResult[] = [];
  let total: number | undefined;
  for (let page = 0; page < LIST_PAGES_MAX; page++) {
    const query = `?limit=${LIST_PAGE_LIMIT}&offset=${data.length}`;
    const result = await upstreamRequest({
      upstream: observabilityConfig(),
      method: 'GET',
      path: ossPath(path) + query,
    });
    answers.push(result);
    const body = sanitize(result.data) as ListPage | null;
    const items = Array.isArray(body?.data) ? body.data : [];
    data.push(...items);
    total = typeof body?.meta?.total === 'number' ? body.meta.total : undefined;
    if (total === undefined || items.length === 0 || data.length >= total) break;
  }
  const page = { data, meta: { total: total ?? data.length, limit: data.length, offset: 0 } };
  return jsonTextResponse(JSON.stringify(page), 200, unexpectedAnswerHeaders(...answers));
}
