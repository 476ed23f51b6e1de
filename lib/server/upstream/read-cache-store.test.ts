/**
 * The read cache against a memory store, with a counted load instead of an upstream: scopes and
 * lifetimes, what is kept, generations after a write, a failing store, and single flight across
 * instances (the Redis path, on a store that says it is Redis). (read-cache.test.ts goes through
 * the upstream client.)
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { upstreamCache, upstreamCoalesced } from '../metrics';
import type { UpstreamConfig } from '../env';
import { LockTimeoutError, useSharedStore, type LockOptions } from '../shared-state';
import { MemoryStore } from '../shared-state/memory-store';
import { cachedRead, cacheScope, cacheTtlMs, invalidateAfterWrite, loadAcrossInstances } from './read-cache';
import type { UpstreamResult } from './result';

const cloud: UpstreamConfig = { name: 'cloud', baseUrl: 'http://x', authorization: 'Basic a', mode: 'emulator' };
const observability: UpstreamConfig = { ...cloud, name: 'observability', authorization: 'Bearer b' };
const PIPES = '/v1/organizations/o/services/s/datapipes';

let store: MemoryStore;
let loads = 0;
const answer =
  (status = 200, text?: string) =>
  async (): Promise<UpstreamResult> => {
    loads++;
    const body = text ?? JSON.stringify({ call: loads });
    return { status, text: body, data: text === undefined ? JSON.parse(body) : null };
  };

beforeEach(() => {
  store = new MemoryStore();
  useSharedStore(store);
  loads = 0;
  process.env.UPSTREAM_CACHE_MS = '5000';
  process.env.UPSTREAM_CHART_CACHE_MS = '30000';
});
afterEach(() => {
  process.env.UPSTREAM_CACHE_MS = '0';
  process.env.UPSTREAM_CHART_CACHE_MS = '0';
});

describe('cacheTtlMs and cacheScope', () => {
  it('gives charts their own lifetime', () => {
    expect([cacheTtlMs('charts'), cacheTtlMs('datapipes'), cacheTtlMs('resources')]).toEqual([30000, 5000, 5000]);
  });

  it('reads the scope from the path without its query, the last kind under an organization or service', () => {
    expect(cacheScope('cloud', '/v1/organizations/o/keys?page=2')).toBe('keys');
    expect(cacheScope('cloud', `${PIPES}/p/scaling`)).toBe('datapipes');
    expect(cacheScope('cloud', '/v1/organizations/o/services/s?x=1')).toBe('root');
    expect(cacheScope('cloud', '/v1/organizations')).toBe('root');
    expect(cacheScope('cloud', '/v1/other/a/b')).toBe('root');
    expect(cacheScope('observability', '/api/v2/charts')).toBe('charts');
    expect(cacheScope('observability', '/charts/v2/x')).toBe('resources');
  });
});

describe('cachedRead', () => {
  it('answers a repeated read from the cache, for the same upstream key and identity only', async () => {
    const first = await cachedRead(cloud, PIPES, 'GET a', answer());
    expect(await cachedRead(cloud, PIPES, 'GET a', answer())).toEqual(first);
    expect(first).toEqual({ status: 200, text: '{"call":1}', data: { call: 1 } });
    await cachedRead(cloud, PIPES, 'GET b', answer());
    await cachedRead({ ...cloud, authorization: 'Basic other' }, PIPES, 'GET a', answer());
    expect(loads).toBe(3);
  });

  it('keeps nothing when the lifetime is 0', async () => {
    process.env.UPSTREAM_CACHE_MS = '0';
    await cachedRead(cloud, PIPES, 'GET a', answer());
    await cachedRead(cloud, PIPES, 'GET a', answer());
    expect(loads).toBe(2);
  });

  it('keeps only 2xx answers', async () => {
    for (const status of [199, 300, 404, 500]) {
      await cachedRead(cloud, PIPES, `GET ${status}`, answer(status));
      await cachedRead(cloud, PIPES, `GET ${status}`, answer(status));
    }
    expect(loads).toBe(8);
    for (const status of [200, 299]) {
      await cachedRead(cloud, PIPES, `GET ${status}`, answer(status));
      await cachedRead(cloud, PIPES, `GET ${status}`, answer(status));
    }
    expect(loads).toBe(10);
  });

  it('hands a cached answer back as text when asked, and an empty one with no data', async () => {
    await cachedRead(cloud, PIPES, 'metrics', answer(200, 'up 1'), true);
    expect(await cachedRead(cloud, PIPES, 'metrics', answer(200, 'up 1'), true)).toEqual({
      status: 200,
      text: 'up 1',
      data: null,
    });
    await cachedRead(cloud, PIPES, 'empty', answer(200, ''));
    expect(await cachedRead(cloud, PIPES, 'empty', answer(200, ''))).toEqual({ status: 200, text: '', data: null });
    expect(loads).toBe(2);
  });

  it('makes identical reads at the same moment one load, and a failed load everyone’s failure, then forgotten', async () => {
    let release!: (result: UpstreamResult) => void;
    const slow = () => (loads++, new Promise<UpstreamResult>((resolve) => (release = resolve)));
    const reads = [1, 2, 3].map(() => cachedRead(cloud, PIPES, 'GET a', slow));
    await new Promise((resolve) => setImmediate(resolve));
    release({ status: 200, text: '{}', data: {} });
    expect(await Promise.all(reads)).toEqual([1, 2, 3].map(() => ({ status: 200, text: '{}', data: {} })));
    expect(loads).toBe(1);

    const failure = new Error('upstream down');
    const failing = () => (loads++, Promise.reject(failure));
    const both = [1, 2].map(() => cachedRead(cloud, PIPES, 'GET f', failing));
    for (const read of both) await expect(read).rejects.toBe(failure);
    expect(loads).toBe(2);
    await expect(cachedRead(cloud, PIPES, 'GET f', failing)).rejects.toBe(failure);
    expect(loads).toBe(3);
  });

  it('reads from the upstream, uncached, when the store fails, and answers even when it cannot keep the answer', async () => {
    store.get = () => Promise.reject(new Error('store down'));
    await cachedRead(cloud, PIPES, 'GET a', answer());
    await cachedRead(cloud, PIPES, 'GET a', answer());
    expect(loads).toBe(2);

    useSharedStore((store = new MemoryStore()));
    store.set = () => Promise.reject(new Error('store full'));
    expect(await cachedRead(cloud, PIPES, 'GET b', answer())).toMatchObject({ status: 200 });
  });
});

describe('invalidateAfterWrite', () => {
  it('makes a cloud write stale its own scope and the records above it, not other scopes', async () => {
    const read = (path: string) => cachedRead(cloud, path, `GET ${path}`, answer());
    const keys = '/v1/organizations/o/keys';
    const root = '/v1/organizations/o/services/s';
    for (const path of [PIPES, keys, root]) await read(path);
    await invalidateAfterWrite(cloud, `${PIPES}/p`);
    const before = loads;
    for (const path of [PIPES, keys, root]) await read(path);
    expect(loads - before).toBe(2);
  });

  it('makes an observability write stale its scope only, and a root write only the root', async () => {
    const charts = '/api/v2/charts/series';
    const dashboards = '/api/v2/dashboards';
    for (const path of [charts, dashboards]) await cachedRead(observability, path, path, answer());
    await invalidateAfterWrite(observability, `${dashboards}/d`);
    const before = loads;
    for (const path of [charts, dashboards]) await cachedRead(observability, path, path, answer());
    expect(loads - before).toBe(1);

    const root = '/v1/organizations/o/services/s';
    await cachedRead(cloud, root, 'root', answer());
    await cachedRead(cloud, PIPES, 'pipes', answer());
    await invalidateAfterWrite(cloud, root);
    const again = loads;
    await cachedRead(cloud, root, 'root', answer());
    await cachedRead(cloud, PIPES, 'pipes', answer());
    expect(loads - again).toBe(1);
  });

  it('never throws when the store fails', async () => {
    store.increment = () => Promise.reject(new Error('store down'));
    await expect(invalidateAfterWrite(cloud, PIPES)).resolves.toBeUndefined();
  });
});

/** A memory store that says it is Redis, so reads take the cross-instance path. */
function sharedLikeRedis(): MemoryStore {
  const store = new MemoryStore();
  Object.defineProperty(store, 'kind', { value: 'redis' });
  return store;
}

describe('loadAcrossInstances', () => {
  it('takes the entry’s loading lock for as long as a read may take, looking again every 100 ms', async () => {
    process.env.UPSTREAM_READ_QUEUE_MS = '7000';
    process.env.UPSTREAM_READ_TIMEOUT_MS = '12000';
    const redis = sharedLikeRedis();
    const locks: [string, LockOptions][] = [];
    const withLock = redis.withLock.bind(redis);
    redis.withLock = (name, options, task) => (locks.push([name, options]), withLock(name, options, task));
    useSharedStore(redis);
    try {
      await cachedRead(cloud, PIPES, 'GET a', answer());
      expect(locks).toEqual([
        [expect.stringMatching(/^loading:read:cloud:/), { ttlMs: 20_000, waitMs: 20_000, retryMs: 100 }],
      ]);
      // Cached by the first: the second read needs no lock.
      await cachedRead(cloud, PIPES, 'GET a', answer());
      expect(locks).toHaveLength(1);
    } finally {
      delete process.env.UPSTREAM_READ_QUEUE_MS;
      delete process.env.UPSTREAM_READ_TIMEOUT_MS;
    }
  });

  it('answers what another instance cached while it waited for the lock, without loading', async () => {
    const redis = sharedLikeRedis();
    await redis.set('k', JSON.stringify({ status: 200, text: '{"from":"other"}' }), 5_000);
    expect(await loadAcrossInstances(redis, 'cloud', 'k', 5_000, false, answer())).toEqual({
      status: 200,
      text: '{"from":"other"}',
      data: { from: 'other' },
    });
    expect(await loadAcrossInstances(redis, 'cloud', 'k', 5_000, true, answer())).toMatchObject({ data: null });
    expect(loads).toBe(0);
  });

  it('loads and keeps the answer when nobody has, and passes on a failed load without loading again', async () => {
    const redis = sharedLikeRedis();
    expect(await loadAcrossInstances(redis, 'cloud', 'k', 5_000, false, answer())).toMatchObject({ data: { call: 1 } });
    expect(await redis.get('k')).toBe(JSON.stringify({ status: 200, text: '{"call":1}' }));
    const failure = new Error('upstream down');
    await expect(
      loadAcrossInstances(redis, 'cloud', 'other', 5_000, false, () => (loads++, Promise.reject(failure))),
    ).rejects.toBe(failure);
    expect(loads).toBe(2);
  });

  it('loads alone when the lock cannot be had, and when the cache cannot be read under it', async () => {
    const redis = sharedLikeRedis();
    redis.withLock = () => Promise.reject(new LockTimeoutError('held'));
    expect(await loadAcrossInstances(redis, 'cloud', 'k', 5_000, false, answer())).toMatchObject({ data: { call: 1 } });
    const unreadable = sharedLikeRedis();
    unreadable.get = () => Promise.reject(new Error('store down'));
    expect(await loadAcrossInstances(unreadable, 'cloud', 'k', 5_000, false, answer())).toMatchObject({
      data: { call: 2 },
    });
    expect(loads).toBe(2);
  });
});

describe('the cache’s counters', () => {
  const count = async (metric: typeof upstreamCache | typeof upstreamCoalesced, labels: Record<string, string>) =>
    (await metric.get()).values.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l))?.value ?? 0;

  it('count a miss, then a hit, per upstream; nothing while the cache is off', async () => {
    const hits = await count(upstreamCache, { upstream: 'observability', result: 'hit' });
    const misses = await count(upstreamCache, { upstream: 'observability', result: 'miss' });
    await cachedRead(observability, '/api/v2/dashboards', 'counted', answer());
    await cachedRead(observability, '/api/v2/dashboards', 'counted', answer());
    expect(await count(upstreamCache, { upstream: 'observability', result: 'miss' })).toBe(misses + 1);
    expect(await count(upstreamCache, { upstream: 'observability', result: 'hit' })).toBe(hits + 1);
    process.env.UPSTREAM_CACHE_MS = '0';
    await cachedRead(observability, '/api/v2/dashboards', 'uncounted', answer());
    expect(await count(upstreamCache, { upstream: 'observability', result: 'miss' })).toBe(misses + 1);
  });

  it('count a read that joined one in flight, and one another instance had loaded', async () => {
    const before = await count(upstreamCoalesced, { upstream: 'cloud' });
    await Promise.all([1, 2].map(() => cachedRead(cloud, PIPES, 'joined', answer())));
    expect(await count(upstreamCoalesced, { upstream: 'cloud' })).toBe(before + 1);
    const redis = sharedLikeRedis();
    await redis.set('k', JSON.stringify({ status: 200, text: '{}' }), 5_000);
    await loadAcrossInstances(redis, 'cloud', 'k', 5_000, false, answer());
    expect(await count(upstreamCoalesced, { upstream: 'cloud' })).toBe(before + 2);
  });
});

describe('the cache’s generations and lifetimes', () => {
  it('loads again after each of two writes, never answering from the generation before', async () => {
    await cachedRead(cloud, PIPES, 'GET a', answer());
    await invalidateAfterWrite(cloud, PIPES);
    await cachedRead(cloud, PIPES, 'GET a', answer());
    await invalidateAfterWrite(cloud, PIPES);
    expect(await cachedRead(cloud, PIPES, 'GET a', answer())).toMatchObject({ data: { call: 3 } });
    expect(await cachedRead(cloud, PIPES, 'GET a', answer())).toMatchObject({ data: { call: 3 } });
    expect(loads).toBe(3);
  });

  it('moves each scope a write makes stale to its next generation once: a cloud kind and the root, the root alone, an observability scope alone', async () => {
    const moved: string[] = [];
    const increment = store.increment.bind(store);
    store.increment = (key) => (moved.push(key), increment(key));
    await invalidateAfterWrite(cloud, `${PIPES}/p`);
    await invalidateAfterWrite(cloud, '/v1/organizations/o/services/s');
    await invalidateAfterWrite(observability, '/api/v2/dashboards/d');
    await invalidateAfterWrite(observability, '/api/v2/charts/series');
    expect(moved.map((key) => key.replace(/:[0-9a-f]{16}:/, ':…:'))).toEqual([
      'gen:cloud:…:datapipes',
      'gen:cloud:…:root',
      'gen:cloud:…:root',
      'gen:observability:…:resources',
      'gen:observability:…:charts',
    ]);
  });

  it('never answers a read whose lifetime is 0 from what a read with a lifetime kept', async () => {
    await cachedRead(cloud, PIPES, 'GET a', answer());
    process.env.UPSTREAM_CACHE_MS = '0';
    expect(await cachedRead(cloud, PIPES, 'GET a', answer())).toMatchObject({ data: { call: 2 } });
    expect(loads).toBe(2);
  });

  it('stores nothing when the lifetime is 0 or the answer is not 2xx', async () => {
    const stored: string[] = [];
    const set = store.set.bind(store);
    store.set = (key, value, ttlMs) => (stored.push(key), set(key, value, ttlMs));
    process.env.UPSTREAM_CACHE_MS = '0';
    await cachedRead(cloud, PIPES, 'GET a', answer());
    process.env.UPSTREAM_CACHE_MS = '5000';
    await cachedRead(cloud, PIPES, 'GET b', answer(404));
    expect(stored).toEqual([]);
    await cachedRead(cloud, PIPES, 'GET a', answer());
    expect(stored).toHaveLength(1);
  });

  it('gives two different reads their own answers while the store fails, even at the same moment', async () => {
    store.get = () => Promise.reject(new Error('store down'));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = (name: string) => async (): Promise<UpstreamResult> => {
      loads++;
      await held;
      return { status: 200, text: JSON.stringify({ name }), data: { name } };
    };
    const reads = [cachedRead(cloud, PIPES, 'GET a', slow('a')), cachedRead(cloud, PIPES, 'GET b', slow('b'))];
    await new Promise((resolve) => setImmediate(resolve));
    release();
    expect((await Promise.all(reads)).map((read) => read.data)).toEqual([{ name: 'a' }, { name: 'b' }]);
    expect(loads).toBe(2);
  });
});

describe('coalescing across instances', () => {
  const lockedOn = (target: MemoryStore): string[] => {
    const locks: string[] = [];
    const withLock = target.withLock.bind(target);
    target.withLock = (name, options, task) => (locks.push(name), withLock(name, options, task));
    return locks;
  };

  it('takes a loading lock only for a read with a lifetime on Redis: not on a store of one instance, not with the cache off', async () => {
    const memoryLocks = lockedOn(store);
    await cachedRead(cloud, PIPES, 'GET a', answer());
    expect(memoryLocks).toEqual([]);
    const redis = sharedLikeRedis();
    const redisLocks = lockedOn(redis);
    useSharedStore(redis);
    process.env.UPSTREAM_CACHE_MS = '0';
    await cachedRead(cloud, PIPES, 'GET a', answer());
    expect(redisLocks).toEqual([]);
    process.env.UPSTREAM_CACHE_MS = '5000';
    await cachedRead(cloud, PIPES, 'GET a', answer());
    expect(redisLocks).toHaveLength(1);
  });

  it('makes an entry missed by two instances at once one load: the second waits for the first’s lock and answers what it kept', async () => {
    const redis = sharedLikeRedis();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = loadAcrossInstances(redis, 'cloud', 'k', 5_000, false, async () => {
      loads++;
      await held;
      return { status: 200, text: '{"by":"first"}', data: { by: 'first' } };
    });
    const second = loadAcrossInstances(redis, 'cloud', 'k', 5_000, false, answer());
    await new Promise((resolve) => setImmediate(resolve));
    release();
    expect(await second).toEqual({ status: 200, text: '{"by":"first"}', data: { by: 'first' } });
    expect(await first).toEqual(await second);
    expect(loads).toBe(1);
  });
});
