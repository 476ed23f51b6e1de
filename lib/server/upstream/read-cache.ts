import 'server-only';
import { createHash } from 'node:crypto';
import { durationFromEnv, type UpstreamConfig, type UpstreamName } from '../env';
import { log } from '../log';
import { upstreamCache, upstreamCoalesced } from '../metrics';
import { sharedStore, type SharedStore } from '../shared-state';
import type { UpstreamResult } from './result';
import { budgetKey, queueDeadlineMs } from './scheduler';

/**
 * A short read cache shared by every user (and, with Redis, every instance), plus single flight:
 * identical reads at the same moment become one upstream call. Each entry belongs to a scope (a
 * kind of resource); the console's own successful write to a scope moves that scope to a new
 * generation, so whoever wrote sees fresh data at once, on every instance.
 */

/**
 * Lists and records: a few seconds. Chart series: half a minute, about a dashboard's refresh: their
 * range is rounded to whole buckets, so the same query stands for a bucket's length anyway, and
 * only the last, still-filling bucket can lag by that much.
 */
export function cacheTtlMs(scope: string): number {
  return scope === 'charts' ? durationFromEnv('UPSTREAM_CHART_CACHE_MS') : durationFromEnv('UPSTREAM_CACHE_MS');
}

const ID_PARENTS = new Set(['organizations', 'services']);

/**
 * The resource kind a path is about. Cloud: the segment after the service (or, above it, after the
 * organization): `datapipes`, `keys`, `privateEndpoint`, …; the organization and service records
 * themselves are `root`. Observability: `charts` for chart series, `resources` for everything
 * else (deleting a dashboard also deletes its alerts, so they go together).
 */
export function cacheScope(name: UpstreamName, path: string): string {
  const segments = (path.split('?')[0] ?? '').split('/').filter(Boolean);
  if (name === 'observability') return segments[2] === 'charts' ? 'charts' : 'resources';
  let scope = 'root';
  // Stryker disable next-line EqualityOperator,ArithmeticOperator: past the last kind `?? scope` keeps the scope.
  for (let i = 0; i < segments.length - 2; i++) {
    // Stryker disable next-line StringLiteral: `i` stays inside the segments; the '' is for the type only.
    if (ID_PARENTS.has(segments[i] ?? '')) scope = segments[i + 2] ?? scope;
  }
  return ID_PARENTS.has(scope) ? 'root' : scope;
}

/** Scopes a successful write makes stale: its own, and the records above it (which may summarise it). */
function scopesWrittenBy(name: UpstreamName, path: string): string[] {
  const scope = cacheScope(name, path);
  return name === 'cloud' && scope !== 'root' ? [scope, 'root'] : [scope];
}

function generationKey(upstream: UpstreamConfig, scope: string): string {
  return `gen:${budgetKey(upstream)}:${scope}`;
}

interface CachedAnswer {
  status: number;
  text: string;
}

const INFLIGHT = Symbol.for('sluice.upstream-inflight');
type Holder = { [INFLIGHT]?: Map<string, Promise<UpstreamResult>> };

function inflight(): Map<string, Promise<UpstreamResult>> {
  const holder = globalThis as Holder;
  holder[INFLIGHT] ??= new Map();
  return holder[INFLIGHT];
}

/** `asText`: an answer that is not JSON (Prometheus text), handed on as text alone. */
function parse(answer: CachedAnswer, asText: boolean): UpstreamResult {
  return {
    status: answer.status,
    text: answer.text,
    data: asText || answer.text === '' ? null : JSON.parse(answer.text),
  };
}

/**
 * A read through the cache. `identity` is everything that makes two reads the same (method,
 * path, body). When the shared store fails, the read goes to the upstream uncached.
 */
export async function cachedRead(
  upstream: UpstreamConfig,
  path: string,
  identity: string,
  load: () => Promise<UpstreamResult>,
  asText = false,
): Promise<UpstreamResult> {
  const store = sharedStore();
  const scope = cacheScope(upstream.name, path);
  const ttlMs = cacheTtlMs(scope);
  let key: string;
  try {
    // Stryker disable next-line StringLiteral: the name of the first generation is arbitrary.
    const generation = (await store.get(generationKey(upstream, scope))) ?? '0';
    key = `read:${budgetKey(upstream)}:${scope}:${generation}:${createHash('sha256').update(identity).digest('base64url')}`;
    const cached = ttlMs > 0 ? await store.get(key) : null;
    if (cached !== null) {
      upstreamCache.inc({ upstream: upstream.name, result: 'hit' });
      return parse(JSON.parse(cached) as CachedAnswer, asText);
    }
  } catch (error) {
    log.warn({ err: error, upstream: upstream.name }, 'read cache unavailable; reading from the upstream');
    return load();
  }
  if (ttlMs > 0) upstreamCache.inc({ upstream: upstream.name, result: 'miss' });

  const running = inflight().get(key);
  if (running) {
    upstreamCoalesced.inc({ upstream: upstream.name });
    return running;
  }
  const call =
    ttlMs > 0 && store.kind === 'redis'
      ? loadAcrossInstances(store, upstream.name, key, ttlMs, asText, load)
      : loadAndStore(store, upstream.name, key, ttlMs, load);
  inflight().set(key, call);
  try {
    return await call;
  } finally {
    inflight().delete(key);
  }
}

/**
 * Longest a read may be loading for others: its wait for the budget plus its deadline. Past it, the
 * lock lapses (its holder died) and a waiting instance loads the read itself.
 */
function loadingLockMs(): number {
  return queueDeadlineMs('read') + durationFromEnv('UPSTREAM_READ_TIMEOUT_MS') + 1_000;
}

async function loadAndStore(
  store: SharedStore,
  name: UpstreamName,
  key: string,
  ttlMs: number,
  load: () => Promise<UpstreamResult>,
): Promise<UpstreamResult> {
  const result = await load();
  if (ttlMs > 0 && result.status >= 200 && result.status < 300) {
    const answer: CachedAnswer = { status: result.status, text: result.text };
    await store.set(key, JSON.stringify(answer), ttlMs).catch((error: unknown) => {
      log.warn({ err: error, upstream: name }, 'could not store a read in the cache');
    });
  }
  return result;
}

/**
 * Single flight across instances: the first instance to miss holds a short lock on the entry while
 * it loads and caches it; the others wait for the lock and then find the answer in the cache. When
 * the holder failed (nothing cached), the next one loads it itself; when the lock cannot be had
 * (Redis away, or held past its lifetime), the read goes to the upstream uncoalesced.
 */
export async function loadAcrossInstances(
  store: SharedStore,
  name: UpstreamName,
  key: string,
  ttlMs: number,
  asText: boolean,
  load: () => Promise<UpstreamResult>,
): Promise<UpstreamResult> {
  const lockMs = loadingLockMs();
  let loaded = false;
  try {
    // Looking again every 100 ms: a read in flight takes that long at least, and many waiting
    // instances must not flood Redis (or their own event loops) with tries.
    return await store.withLock(`loading:${key}`, { ttlMs: lockMs, waitMs: lockMs, retryMs: 100 }, async () => {
      const cached = await store.get(key).catch(() => null);
      if (cached !== null) {
        upstreamCoalesced.inc({ upstream: name });
        return parse(JSON.parse(cached) as CachedAnswer, asText);
      }
      loaded = true;
      return loadAndStore(store, name, key, ttlMs, load);
    });
  } catch (error) {
    // A failed load is the caller's failure; only a lock that could not be had falls back.
    if (loaded) throw error;
    log.warn({ err: error, upstream: name }, 'read coalescing across instances unavailable; reading from the upstream');
    return loadAndStore(store, name, key, ttlMs, load);
  }
}

/** After the console's own successful write: every later read of those scopes goes to the upstream. */
export async function invalidateAfterWrite(upstream: UpstreamConfig, path: string): Promise<void> {
  const store = sharedStore();
  await Promise.all(
    scopesWrittenBy(upstream.name, path).map((scope) =>
      store.increment(generationKey(upstream, scope)).catch((error: unknown) => {
        log.error({ err: error, upstream: upstream.name, scope }, 'could not invalidate the read cache after a write');
      }),
    ),
  );
}
