import 'server-only';
import { cloudConfig, consoleContext, observabilityConfig } from '../env';
import { probe, type ProbeResult } from './http';
import { cloudApi, observabilityApi } from './typed';

/** What a health check learns of an upstream: reachable or not, how fast, and whether it is the embedded emulator. */
export type PingResult = ProbeResult & { mode?: 'emulator' | 'remote' };

/** Reads the console's organization: the cheapest read that proves the key works. */
export async function pingCloud(): Promise<PingResult> {
  const upstream = cloudConfig();
  const { organizationId } = consoleContext();
  const path = cloudApi.path('get', '/v1/organizations/{organizationId}', { params: { organizationId } });
  return { ...(await probe(upstream, path)), mode: upstream.mode };
}

export async function pingObservability(): Promise<PingResult> {
  const upstream = observabilityConfig();
  return { ...(await probe(upstream, observabilityApi.path('get', '/api/v2/sources', {}))), mode: upstream.mode };
}
