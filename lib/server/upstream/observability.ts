import 'server-only';
import { observabilityConfig } from '../env';
import { sanitize } from '../sanitize';
import { probe, upstreamRequest, type HttpMethod, type UpstreamResult } from './http';
import { encodePath, type CallOptions, type PingResult } from './cloud';
import { passThrough } from './pass-through';

/** Paths of the open-source surface live under `/api`; callers name what follows it. */
function ossPath(segments: readonly string[]): string {
  return `/api${encodePath(segments)}`;
}

export async function observabilityRequest<T>(method: HttpMethod, segments: readonly string[], body?: unknown): Promise<T> {
  const result = await upstreamRequest({ upstream: observabilityConfig(), method, path: ossPath(segments), body });
  return sanitize(result.data) as T;
}

/** The raw upstream answer, for routes that look at it before passing it on. */
export function observabilityCall(method: HttpMethod, segments: readonly string[], body?: unknown, options: CallOptions = {}): Promise<UpstreamResult> {
  return upstreamRequest({ upstream: observabilityConfig(), method, path: ossPath(segments), body, cache: options.cache });
}

/** `read`: a POST that only reads (a chart query), paced, cached and coalesced like a GET. */
export async function observabilityProxy(method: HttpMethod, segments: readonly string[], body?: unknown, options: { read?: boolean } = {}): Promise<Response> {
  const result = await upstreamRequest({ upstream: observabilityConfig(), method, path: ossPath(segments), body, read: options.read });
  return passThrough(result);
}

export async function pingObservability(): Promise<PingResult> {
  const upstream = observabilityConfig();
  return { ...(await probe(upstream, ossPath(['v2', 'sources']))), mode: upstream.mode };
}
