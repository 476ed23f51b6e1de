/** While Redis cannot be reached, an instance paces its upstream calls alone, on its share of the budget. */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
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

describe('shareOf', () => {
  it('splits a budget between the instances alive, never down to nothing', () => {
    expect(shareOf(10, 2)).toBe(5);
    expect(shareOf(100, 3)).toBe(33);
    expect(shareOf(10, 1)).toBe(10);
    expect(shareOf(1, 4)).toBe(1);
  });
});
