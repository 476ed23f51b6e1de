/** While Redis cannot be reached, an instance paces its upstream calls alone, on its share of the budget. */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SharedStore } from '../shared-state';
import { MemoryStore } from '../shared-state/memory-store';
import { RedisStore } from '../shared-state/redis-store';
import { resetBudgetFallback, shareOf } from './budget-fallback';
import { BudgetQueue } from './scheduler';

afterEach(() => resetBudgetFallback());

describe('an instance whose Redis is gone', () => {
  it('goes on sending, but only its share of the budget in a window (two instances assumed before any count)', async () => {
    const gone = new RedisStore('redis://127.0.0.1:1');
    try {
      const queue = new BudgetQueue(`cloud:${randomUUID()}`, 'cloud', { limit: 4, windowMs: 200 }, () => gone);
      const served: boolean[] = [false, false, false, false];
      const calls = served.map((_, i) =>
        queue.enter('read', Date.now() + 10_000, randomUUID()).then(() => (served[i] = true)),
      );
      await Promise.all(calls.slice(0, 2));
      // Half of 4: the other two wait for the window to pass, as they would with the other instance's two.
      expect(served).toEqual([true, true, false, false]);
      await Promise.all(calls);
      expect(served).toEqual([true, true, true, true]);
    } finally {
      await gone.close();
    }
  });
});

/** A shared store that can be away, and comes back empty like a restarted Redis. */
function restartingStore(): { store: SharedStore; up(): void } {
  let inner: MemoryStore | null = null;
  const away = () => Promise.reject(new Error('connect ECONNREFUSED'));
  const store = {
    kind: 'redis',
    takeSlot: (...args: Parameters<MemoryStore['takeSlot']>) => (inner ? inner.takeSlot(...args) : away()),
    renewSlot: (...args: Parameters<MemoryStore['renewSlot']>) => (inner ? inner.renewSlot(...args) : away()),
    // A restarted Redis has heard only from this instance so far.
    liveInstances: () => (inner ? Promise.resolve(1) : away()),
  } as unknown as SharedStore;
  return { store, up: () => (inner = new MemoryStore()) };
}

describe('an instance whose Redis comes back empty', () => {
  it('keeps to its share until the window it sent alone in has passed, so the two windows together stay within the budget', async () => {
    vi.useFakeTimers();
    try {
      const redis = restartingStore();
      // A window of 5 s (and the queue's margin): longer than the second before Redis is tried again.
      const queue = new BudgetQueue(`cloud:${randomUUID()}`, 'cloud', { limit: 4, windowMs: 5_000 }, () => redis.store);
      let served = 0;
      const enter = () => queue.enter('read', Date.now() + 60_000, randomUUID()).then(() => served++);
      const calls = [enter(), enter(), enter()];
      await vi.advanceTimersByTimeAsync(100);
      expect(served).toBe(2);
      redis.up();
      calls.push(enter(), enter(), enter());
      // Redis answers again, empty: without its own count this instance would now send four more.
      await vi.advanceTimersByTimeAsync(2_000);
      expect(served).toBe(2);
      // Its alone-sent slots have left the window: it goes on, within the shared count.
      await vi.advanceTimersByTimeAsync(3_500);
      expect(served).toBe(4);
      await vi.advanceTimersByTimeAsync(20_000);
      await Promise.all(calls);
      expect(served).toBe(6);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('shareOf', () => {
  it('splits a budget between the instances alive, never down to nothing', () => {
    expect(shareOf(10, 2)).toBe(5);
    expect(shareOf(100, 3)).toBe(33);
    expect(shareOf(10, 1)).toBe(10);
    expect(shareOf(1, 4)).toBe(1);
  });
});
