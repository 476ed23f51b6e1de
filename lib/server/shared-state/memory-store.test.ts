/**
 * The in-memory store's arithmetic on a fake clock: exact waits of the sliding window, holds and
 * writes first, values against counters, and the lock's wait and lifetime. (shared-state.test.ts
 * holds both stores to the same contract on the real clock.)
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStore } from './memory-store';
import { LockTimeoutError, WAITING_WRITE_MS, YIELD_TO_WRITE_MS } from './store';

let store: MemoryStore;
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
  store = new MemoryStore();
});
afterEach(() => {
  vi.useRealTimers();
});

const at = (ms: number) => vi.setSystemTime(1_000_000 + ms);

describe('takeSlot', () => {
  it('hands out `limit` slots, then answers when the oldest frees, to the millisecond', async () => {
    expect(await store.takeSlot('k', 2, 1000, 'a')).toBe(0);
    at(100);
    expect(await store.takeSlot('k', 2, 1000, 'b')).toBe(0);
    at(200);
    expect(await store.takeSlot('k', 2, 1000, 'c')).toBe(800);
    at(999);
    expect(await store.takeSlot('k', 2, 1000, 'c')).toBe(1);
    // A slot taken exactly a window ago has left it.
    at(1000);
    expect(await store.takeSlot('k', 2, 1000, 'c')).toBe(0);
    expect(await store.takeSlot('k', 2, 1000, 'd')).toBe(100);
  });

  it('counts each key on its own', async () => {
    expect(await store.takeSlot('one', 1, 1000, 'a')).toBe(0);
    expect(await store.takeSlot('two', 1, 1000, 'a')).toBe(0);
    expect(await store.takeSlot('one', 1, 1000, 'b')).toBe(1000);
  });

  it('hands out nothing while the budget is held, answering when the hold ends', async () => {
    await store.holdBudget('k', 300);
    at(100);
    expect(await store.takeSlot('k', 10, 1000, 'a')).toBe(200);
    at(300);
    expect(await store.takeSlot('k', 10, 1000, 'a')).toBe(0);
  });

  it('keeps the longer of two holds', async () => {
    await store.holdBudget('k', 300);
    await store.holdBudget('k', 100);
    at(200);
    expect(await store.takeSlot('k', 10, 1000, 'a')).toBe(100);
    await store.holdBudget('k', 500);
    expect(await store.takeSlot('k', 10, 1000, 'a')).toBe(500);
  });

  it('keeps a freed slot for a waiting write: a read is told to look again soon, the write takes it', async () => {
    expect(await store.takeSlot('k', 1, 1000, 'read-1')).toBe(0);
    at(10);
    expect(await store.takeSlot('k', 1, 1000, 'write', 'write')).toBe(990);
    at(1000);
    expect(await store.takeSlot('k', 1, 1000, 'read-2', 'read')).toBe(YIELD_TO_WRITE_MS);
    expect(await store.takeSlot('k', 1, 1000, 'write', 'write')).toBe(0);
    // The write no longer waits: reads queue behind the taken slot as before.
    expect(await store.takeSlot('k', 1, 1000, 'read-2', 'read')).toBe(1000);
  });

  it('lets a read have the slot once a waiting write has not asked again for WAITING_WRITE_MS', async () => {
    expect(await store.takeSlot('k', 1, 100, 'read-1')).toBe(0);
    expect(await store.takeSlot('k', 1, 100, 'write', 'write')).toBe(100);
    at(WAITING_WRITE_MS - 1);
    expect(await store.takeSlot('k', 1, 100, 'read-2')).toBe(YIELD_TO_WRITE_MS);
    at(WAITING_WRITE_MS);
    expect(await store.takeSlot('k', 1, 100, 'read-2')).toBe(0);
  });

  it('counts a write that asked during a hold as waiting once the hold ends', async () => {
    await store.holdBudget('k', 100);
    expect(await store.takeSlot('k', 1, 1000, 'write', 'write')).toBe(100);
    at(100);
    expect(await store.takeSlot('k', 1, 1000, 'read')).toBe(YIELD_TO_WRITE_MS);
    expect(await store.takeSlot('k', 1, 1000, 'write', 'write')).toBe(0);
  });

  it('does not count a read that got no slot as waiting', async () => {
    expect(await store.takeSlot('k', 1, 100, 'read-1')).toBe(0);
    await store.holdBudget('k', 50);
    expect(await store.takeSlot('k', 1, 100, 'read-2')).toBe(50);
    expect(await store.takeSlot('k', 1, 100, 'read-3')).toBe(50);
    at(100);
    expect(await store.takeSlot('k', 1, 100, 'read-3')).toBe(0);
  });

  it('lets writes share the slots among themselves, ahead of reads', async () => {
    expect(await store.takeSlot('k', 2, 1000, 'w1', 'write')).toBe(0);
    expect(await store.takeSlot('k', 2, 1000, 'w2', 'write')).toBe(0);
    expect(await store.takeSlot('k', 2, 1000, 'w3', 'write')).toBe(1000);
    at(1000);
    // Two slots free: the one waiting write leaves room for one read.
    expect(await store.takeSlot('k', 2, 1000, 'r1')).toBe(0);
    expect(await store.takeSlot('k', 2, 1000, 'r2')).toBe(YIELD_TO_WRITE_MS);
    expect(await store.takeSlot('k', 2, 1000, 'w3', 'write')).toBe(0);
  });
});

describe('roomIn', () => {
  it('is 0 while fewer than `limit` slots are in the window, else the time until the oldest frees; it takes none', async () => {
    expect(store.roomIn('k', 1, 1000)).toBe(0);
    await store.takeSlot('k', 2, 1000, 'a');
    at(100);
    await store.takeSlot('k', 2, 1000, 'b');
    expect(store.roomIn('k', 3, 1000)).toBe(0);
    expect(store.roomIn('k', 2, 1000)).toBe(900);
    expect(store.roomIn('k', 2, 1000)).toBe(900);
    at(999);
    expect(store.roomIn('k', 2, 1000)).toBe(1);
    at(1000);
    expect(store.roomIn('k', 2, 1000)).toBe(0);
  });
});

describe('renewSlot', () => {
  it('restarts the window of that slot only', async () => {
    await store.takeSlot('k', 2, 1000, 'a');
    await store.takeSlot('k', 2, 1000, 'b');
    at(600);
    await store.renewSlot('k', 'a');
    await store.renewSlot('k', 'unknown');
    await store.renewSlot('other', 'a');
    expect(store.roomIn('k', 2, 1000)).toBe(400);
    at(1000);
    expect(store.roomIn('k', 2, 1000)).toBe(0);
    expect(store.roomIn('k', 1, 1000)).toBe(600);
  });
});

describe('values and counters', () => {
  it('keeps a value, answers null for a missing one, and lets a counter win over a value of the same key', async () => {
    expect(await store.get('v')).toBeNull();
    await store.set('v', 'one', 60_000);
    expect(await store.get('v')).toBe('one');
    expect(await store.increment('c')).toBe(1);
    expect(await store.increment('c')).toBe(2);
    expect(await store.get('c')).toBe('2');
    await store.set('c', 'value', 60_000);
    expect(await store.get('c')).toBe('2');
  });

  it('forgets values, not counters, when closed', async () => {
    await store.set('v', 'one', 60_000);
    await store.increment('c');
    await store.close();
    expect(await store.get('v')).toBeNull();
    expect(await store.get('c')).toBe('1');
  });

  it('is one instance, always reachable', async () => {
    expect(await store.liveInstances()).toBe(1);
    expect(await store.ping()).toBe(true);
    expect(store.kind).toBe('memory');
  });

  it('makes one limiter per key prefix', () => {
    const options = { keyPrefix: 'a', points: 1, duration: 60 };
    expect(store.limiter(options)).toBe(store.limiter({ ...options, points: 5 }));
    expect(store.limiter(options)).not.toBe(store.limiter({ ...options, keyPrefix: 'b' }));
  });
});

describe('withLock', () => {
  it('runs holders one after the other and answers what the task answered', async () => {
    const order: string[] = [];
    let releaseFirst!: () => void;
    const first = store.withLock('l', { ttlMs: 10_000, waitMs: 10_000 }, async () => {
      order.push('first in');
      await new Promise<void>((resolve) => (releaseFirst = resolve));
      order.push('first out');
      return 'one';
    });
    const second = store.withLock('l', { ttlMs: 10_000, waitMs: 10_000 }, async () => {
      order.push('second in');
      return 'two';
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['first in']);
    releaseFirst();
    expect(await Promise.all([first, second])).toEqual(['one', 'two']);
    expect(order).toEqual(['first in', 'first out', 'second in']);
  });

  it('lets a lock of another name through at once', async () => {
    const held = store.withLock('a', { ttlMs: 10_000, waitMs: 10_000 }, () => new Promise<void>(() => {}));
    expect(await store.withLock('b', { ttlMs: 10_000, waitMs: 1 }, async () => 'other')).toBe('other');
    void held;
  });

  it('gives up with LockTimeoutError after waitMs, not before, and never runs the task', async () => {
    let release!: () => void;
    const held = store.withLock('l', { ttlMs: 60_000, waitMs: 60_000 }, () => new Promise<void>((r) => (release = r)));
    let ran = false;
    const waiter = store.withLock('l', { ttlMs: 60_000, waitMs: 500 }, async () => {
      ran = true;
    });
    const outcome = waiter.then(
      () => 'ran',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(499);
    expect(await Promise.race([outcome, Promise.resolve('pending')])).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(LockTimeoutError);
    expect((error as Error).message).toBe('lock l still held after 500 ms');
    expect(ran).toBe(false);
    release();
    await held;
    // Neither the holder nor the one that gave up keeps the lock.
    expect(await store.withLock('l', { ttlMs: 60_000, waitMs: 1 }, async () => 'free')).toBe('free');
  });

  it('lets the next holder in once a holder outlives ttlMs, not before', async () => {
    void store.withLock('l', { ttlMs: 1_000, waitMs: 60_000 }, () => new Promise<void>(() => {}));
    let entered = false;
    const next = store.withLock('l', { ttlMs: 1_000, waitMs: 60_000 }, async () => {
      entered = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(entered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await next;
    expect(entered).toBe(true);
  });

  it('releases the lock when the task throws', async () => {
    await expect(
      store.withLock('l', { ttlMs: 60_000, waitMs: 1 }, async () => {
        throw new Error('task failed');
      }),
    ).rejects.toThrow('task failed');
    expect(await store.withLock('l', { ttlMs: 60_000, waitMs: 1 }, async () => 'free')).toBe('free');
  });
});
