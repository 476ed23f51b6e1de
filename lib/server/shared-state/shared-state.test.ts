/** The shared-state contract, held by the in-memory default and by a real Redis (two clients = two console instances). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRedis, type TestRedis } from '../testing/redis';
import { MemoryStore } from './memory-store';
import { RedisStore } from './redis-store';
import { LockTimeoutError, type SharedStore } from './store';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let unique = 0;
const key = (name: string) => `${name}-${process.pid}-${++unique}`;

function contract(name: string, stores: () => [SharedStore, SharedStore]) {
  describe(name, () => {
    it('hands out `limit` slots per sliding window, then says how long until one frees', async () => {
      const [a, b] = stores();
      const k = key('slots');
      expect(await a.takeSlot(k, 3, 400, `s${++unique}`)).toBe(0);
      expect(await b.takeSlot(k, 3, 400, `s${++unique}`)).toBe(0);
      expect(await a.takeSlot(k, 3, 400, `s${++unique}`)).toBe(0);
      const wait = await b.takeSlot(k, 3, 400, `s${++unique}`);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(400);
      await sleep(wait + 30);
      expect(await b.takeSlot(k, 3, 400, `s${++unique}`)).toBe(0);
    });

    it('frees a renewed slot a window after its renewal, not after it was taken', async () => {
      const [a, b] = stores();
      const k = key('renew');
      expect(await a.takeSlot(k, 1, 300, 'first')).toBe(0);
      await sleep(200);
      await b.renewSlot(k, 'first', 300);
      await sleep(150);
      // 350 ms after taking, but only 150 ms after the answer came: still taken.
      const wait = await a.takeSlot(k, 1, 300, 'second');
      expect(wait).toBeGreaterThan(50);
      await sleep(wait + 30);
      expect(await a.takeSlot(k, 1, 300, 'second')).toBe(0);
    });

    it('holds the budget after an upstream 429, for every client', async () => {
      const [a, b] = stores();
      const k = key('hold');
      await a.holdBudget(k, 300);
      const wait = await b.takeSlot(k, 10, 1000, `s${++unique}`);
      expect(wait).toBeGreaterThan(200);
      expect(wait).toBeLessThanOrEqual(300);
    });

    it('holds a freed slot back from reads while a write of another client waits for it', async () => {
      const [a, b] = stores();
      const k = key('writes-first');
      expect(await a.takeSlot(k, 1, 200, 'read-1', 'read')).toBe(0);
      const wait = await b.takeSlot(k, 1, 200, 'write', 'write');
      expect(wait).toBeGreaterThan(0);
      await sleep(wait + 30);
      // The slot is free, but the waiting write needs it.
      expect(await a.takeSlot(k, 1, 200, 'read-2', 'read')).toBeGreaterThan(0);
      expect(await b.takeSlot(k, 1, 200, 'write', 'write')).toBe(0);
      // Once the write has its slot, reads queue as before.
      const next = await a.takeSlot(k, 1, 200, 'read-2', 'read');
      expect(next).toBeGreaterThan(0);
      await sleep(next + 30);
      expect(await a.takeSlot(k, 1, 200, 'read-2', 'read')).toBe(0);
    });

    it('keeps values until their lifetime ends, and counts generations', async () => {
      const [a, b] = stores();
      const k = key('value');
      await a.set(k, 'one', 150);
      expect(await b.get(k)).toBe('one');
      await sleep(200);
      expect(await b.get(k)).toBeNull();
      const g = key('gen');
      expect(await a.get(g)).toBeNull();
      expect(await a.increment(g)).toBe(1);
      expect(await b.increment(g)).toBe(2);
      expect(await b.get(g)).toBe('2');
    });

    it('runs one holder of a lock at a time and gives up after the wait', async () => {
      const [a, b] = stores();
      const lock = key('lock');
      const events: string[] = [];
      const task = (who: string, store: SharedStore) =>
        store.withLock(lock, { ttlMs: 5_000, waitMs: 3_000 }, async () => {
          events.push(`${who} in`);
          await sleep(80);
          events.push(`${who} out`);
        });
      await Promise.all([task('a', a), task('b', b)]);
      expect(
        [events.slice(0, 2), events.slice(2)].map((pair) => pair[0]!.split(' ')[0] === pair[1]!.split(' ')[0]),
      ).toEqual([true, true]);

      const held = a.withLock(lock, { ttlMs: 5_000, waitMs: 1_000 }, () => sleep(300));
      await sleep(20);
      await expect(b.withLock(lock, { ttlMs: 5_000, waitMs: 100 }, async () => 'never')).rejects.toBeInstanceOf(
        LockTimeoutError,
      );
      await held;
      expect(await b.withLock(lock, { ttlMs: 5_000, waitMs: 100 }, async () => 'after')).toBe('after');
    });

    it('lets the next holder in once a holder outlives the lock lifetime (as after a crash)', async () => {
      const [a, b] = stores();
      const lock = key('expiry');
      let aInside = true;
      let releaseA!: () => void;
      const aHeld = new Promise<void>((resolve) => (releaseA = resolve));
      const first = a.withLock(lock, { ttlMs: 150, waitMs: 1_000 }, () => aHeld);
      const seenBySecond = await b.withLock(lock, { ttlMs: 5_000, waitMs: 5_000 }, async () => aInside);
      expect(seenBySecond).toBe(true);
      aInside = false;
      releaseA();
      await first;
    });

    it("leaves the next holder's lock alone when a holder whose lock expired finishes", async () => {
      const [a, b] = stores();
      const lock = key('owner');
      let bIn!: () => void;
      const bInside = new Promise<void>((resolve) => (bIn = resolve));
      let aFinished!: () => void;
      const aDone = new Promise<void>((resolve) => (aFinished = resolve));
      // A outlives its 150 ms lock and finishes only once B holds the lock.
      const first = a.withLock(lock, { ttlMs: 150, waitMs: 1_000 }, () => bInside).then(aFinished);
      const second = b.withLock(lock, { ttlMs: 5_000, waitMs: 5_000 }, async () => {
        bIn();
        await aDone;
        // A's release must not have freed B's lock: a third writer still waits, and gives up.
        await expect(
          a.withLock(lock, { ttlMs: 5_000, waitMs: 100 }, async () => 'third got in'),
        ).rejects.toBeInstanceOf(LockTimeoutError);
        return 'b done';
      });
      await first;
      expect(await second).toBe('b done');
      expect(await a.withLock(lock, { ttlMs: 5_000, waitMs: 100 }, async () => 'after')).toBe('after');
    });

    it('gives rate limiters that count across clients', async () => {
      const [a, b] = stores();
      const options = { keyPrefix: key('limit'), points: 2, duration: 60 };
      await a.limiter(options).consume('ip');
      await b.limiter(options).consume('ip');
      await expect(a.limiter(options).consume('ip')).rejects.toMatchObject({ consumedPoints: 3 });
    });
  });
}

const memory = new MemoryStore();
contract('memory store', () => [memory, memory]);

let redis: TestRedis;
let first: RedisStore;
let second: RedisStore;
beforeAll(async () => {
  redis = await startTestRedis();
  first = new RedisStore(redis.url);
  second = new RedisStore(redis.url);
}, 30_000);
afterAll(async () => {
  await first?.close();
  await second?.close();
  await redis?.stop();
});
contract('Redis store (two clients, as two console instances)', () => [first, second]);

describe('Redis store when Redis is away', () => {
  // Within the test's timeout: a client that waited for Redis to come back would hang here.
  it('rejects a call instead of waiting for Redis, and ping says false', async () => {
    const gone = new RedisStore('redis://127.0.0.1:1');
    await expect(gone.get('x')).rejects.toThrow();
    expect(await gone.ping()).toBe(false);
    await gone.close();
  }, 8_000);
});
