/**
 * Two saves of one dashboard based on the same version, at the same moment: the check and the
 * write happen under the shared lock, so exactly one is written and the other gets 412. Against
 * the memory store (one instance) and a real Redis (each save through its own client, as two
 * console instances). An upstream stand-in with no delays: each read and write yields to the
 * event loop, so without the lock both reads would see the old version before either write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceDashboardIfMatch, dashboardEtag, type DashboardUpstream } from './dashboard-versioning';
import { useSharedStore as installSharedStore, type SharedStore } from './shared-state';
import { MemoryStore } from './shared-state/memory-store';
import { RedisStore } from './shared-state/redis-store';
import { startTestRedis, type TestRedis } from './testing/redis';
import type { DashboardBody } from '@/lib/schemas/observability/dashboard';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** One stored dashboard; a read answers with what was stored when it was asked. */
function fakeUpstream(lockName: string) {
  let stored: Record<string, unknown> = { id: 'd1', name: 'Original', tags: [], tiles: [] };
  const writes: string[] = [];
  const answer = (data: unknown) => ({ status: 200, text: JSON.stringify({ data }), data: { data } });
  const upstream: DashboardUpstream = {
    lockName,
    read: async () => {
      const seen = stored;
      for (let i = 0; i < 3; i++) await nextTurn();
      return answer(seen);
    },
    replace: async (body) => {
      for (let i = 0; i < 3; i++) await nextTurn();
      stored = { id: 'd1', ...(body as object) };
      writes.push((body as { name: string }).name);
      return answer(stored);
    },
    unwrap: (body) => (body as { data: unknown }).data,
  };
  return { upstream, writes, etag: () => dashboardEtag(stored) };
}

const body = (name: string): DashboardBody => ({ name, tags: [], tiles: [] }) as unknown as DashboardBody;
const save = (upstream: DashboardUpstream, etag: string, name: string) =>
  replaceDashboardIfMatch(
    upstream,
    new Request('http://console.test/x', { method: 'PUT', headers: { 'if-match': etag } }),
    body(name),
    'req-1',
  );

let unique = 0;

/** Each save takes the store current when it starts, so two stores stand for two console instances. */
async function twoSaves(stores: [SharedStore, SharedStore]) {
  const { upstream, writes, etag } = fakeUpstream(`board-${process.pid}-${++unique}`);
  const version = etag();
  installSharedStore(stores[0]);
  const first = save(upstream, version, 'Saved by A');
  installSharedStore(stores[1]);
  const second = save(upstream, version, 'Saved by B');
  const statuses = (await Promise.all([first, second])).map((response) => response.status);
  return { statuses, writes };
}

function concurrentSaves(name: string, stores: () => [SharedStore, SharedStore]) {
  describe(name, () => {
    it('writes exactly one of two saves based on the same version; the other gets 412', async () => {
      for (let round = 0; round < 3; round++) {
        const { statuses, writes } = await twoSaves(stores());
        expect([...statuses].sort()).toEqual([200, 412]);
        expect(writes).toHaveLength(1);
      }
    });
  });
}

const memory = new MemoryStore();
concurrentSaves('dashboard save on the memory store', () => [memory, memory]);

let redis: TestRedis;
let a: RedisStore;
let b: RedisStore;
beforeAll(async () => {
  redis = await startTestRedis();
  a = new RedisStore(redis.url);
  b = new RedisStore(redis.url);
}, 30_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  await redis?.stop();
});
concurrentSaves('dashboard save on Redis (two clients, as two console instances)', () => [a, b]);
