import 'server-only';
import { ApiError, jsonResponse } from './errors';
import type { SurfaceName } from './env';
import { pingCloud, pingObservability, type PingResult } from './upstream/ping';

export interface UpstreamHealth extends PingResult {
  configured: boolean;
}

export interface HealthReport {
  status: 'ok' | 'degraded';
  upstreams: Record<SurfaceName, UpstreamHealth>;
}

/** The real cloud budget is ~10 requests per 10 s per key; health checks must not eat it. */
const CACHE_MS = 5_000;
let cached: { at: number; report: Promise<HealthReport> } | undefined;

async function check(ping: () => Promise<PingResult>): Promise<UpstreamHealth> {
  try {
    return { configured: true, ...(await ping()) };
  } catch (error) {
    const code = error instanceof ApiError ? error.code : 'UPSTREAM_UNAVAILABLE';
    return { configured: code !== 'UPSTREAM_NOT_CONFIGURED', reachable: false, latencyMs: null, error: code };
  }
}

async function measure(): Promise<HealthReport> {
  const [cloud, observability] = await Promise.all([check(pingCloud), check(pingObservability)]);
  const healthy = (u: UpstreamHealth) => u.reachable && u.error === undefined;
  return { status: healthy(cloud) && healthy(observability) ? 'ok' : 'degraded', upstreams: { cloud, observability } };
}

export async function healthResponse(): Promise<Response> {
  const now = Date.now();
  if (!cached || now - cached.at > CACHE_MS) cached = { at: now, report: measure() };
  return jsonResponse(await cached.report);
}

export function clearHealthCache(): void {
  cached = undefined;
}
