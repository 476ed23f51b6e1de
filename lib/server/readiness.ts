import 'server-only';
import { consoleDatabase } from './db/shared';
import { jsonResponse } from './errors';
import { isDraining } from './lifecycle';
import { sharedStore } from './shared-state';

type Check = 'ok' | 'unavailable';

export interface ReadinessReport {
  status: 'ready' | 'not ready' | 'stopping';
  checks: { database: Check; sharedState: Check };
  sharedState: 'memory' | 'redis';
}

const DEADLINE_MS = 2_000;

async function within(probe: () => Promise<boolean>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const ok = await Promise.race([
      probe(),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), DEADLINE_MS))),
    ]);
    return ok ? 'ok' : 'unavailable';
  } catch {
    return 'unavailable';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this instance can serve requests: its database and its shared state (Redis) answer.
 * The upstreams are left to /api/health: a load balancer must not take every instance out
 * because the cloud API is slow, and readiness probes must not spend the upstream budget.
 * A stopping instance answers 503 at once, without probing what it is about to close.
 */
export async function readinessResponse(): Promise<Response> {
  if (isDraining()) return jsonResponse({ status: 'stopping' }, 503);
  const store = sharedStore();
  const [database, sharedState] = await Promise.all([
    within(async () => (await (await consoleDatabase()).query('select 1 as ok')).length === 1),
    within(() => store.ping()),
  ]);
  const ready = database === 'ok' && sharedState === 'ok';
  const report: ReadinessReport = {
    status: ready ? 'ready' : 'not ready',
    checks: { database, sharedState },
    sharedState: store.kind,
  };
  return jsonResponse(report, ready ? 200 : 503);
}
