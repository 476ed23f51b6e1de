/** Pacing upstream calls: the budget per key, writes ahead of reads, and a clear refusal at the deadline. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UpstreamConfig } from '../env';
import { useSharedStore } from '../shared-state';
import { MemoryStore } from '../shared-state/memory-store';
import { parseBudget } from './budget';
import { backgroundLimit, BudgetExhaustedError, readLimit, resetBudgetQueues, waitForBudget } from './scheduler';

const cloud: UpstreamConfig = {
  name: 'cloud',
  baseUrl: 'http://127.0.0.1:1',
  authorization: 'Basic a2V5OnNlY3JldA==',
  mode: 'emulator',
};
const otherKey: UpstreamConfig = { ...cloud, authorization: 'Basic b3RoZXI6a2V5' };
const soon = (ms = 5_000) => Date.now() + ms;

beforeEach(() => {
  useSharedStore(new MemoryStore());
  resetBudgetQueues();
  process.env.CLOUD_API_BUDGET = '3/400ms';
});
afterEach(() => {
  process.env.CLOUD_API_BUDGET = 'off';
  delete process.env.UPSTREAM_WRITE_RESERVE;
});

describe('budget variables', () => {
  it('reads requests per window in several units, or off', () => {
    const fallback = { limit: 10, windowMs: 10_000 };
    expect(parseBudget('CLOUD_API_BUDGET', '10/10s', fallback)).toEqual({ limit: 10, windowMs: 10_000 });
    expect(parseBudget('X', '100 / 1m', fallback)).toEqual({ limit: 100, windowMs: 60_000 });
    expect(parseBudget('X', '5/250ms', fallback)).toEqual({ limit: 5, windowMs: 250 });
    expect(parseBudget('X', undefined, fallback)).toBe(fallback);
    expect(parseBudget('X', 'off', fallback)).toBeNull();
  });

  it('names the variable for a value it cannot read', () => {
    for (const bad of ['10', 'ten/10s', '0/10s', '10/0s', '10/10 days']) {
      expect(() => parseBudget('CLOUD_API_BUDGET', bad, { limit: 1, windowMs: 1 })).toThrow(
        /CLOUD_API_BUDGET must look like "10\/10s"/,
      );
    }
  });
});

describe('upstream scheduler', () => {
  // A deadline of 50 ms stands for "at once": the scheduler refuses at once whoever it cannot serve by then.
  it('lets the budget through at once, then holds the rest until slots free', async () => {
    await Promise.all([1, 2, 3].map(() => waitForBudget(cloud, 'read', soon(50))));
    const held = [4, 5].map(() => waitForBudget(cloud, 'read', soon()));
    await expect(waitForBudget(cloud, 'read', soon(50))).rejects.toBeInstanceOf(BudgetExhaustedError);
    await Promise.all(held);
  });

  it('keeps one budget per upstream key', async () => {
    await Promise.all([1, 2, 3].map(() => waitForBudget(cloud, 'read', soon())));
    await expect(waitForBudget(cloud, 'read', soon(50))).rejects.toBeInstanceOf(BudgetExhaustedError);
    await waitForBudget(otherKey, 'read', soon(50));
  });

  it('sends a waiting write before reads that waited longer', async () => {
    await Promise.all([1, 2, 3].map(() => waitForBudget(cloud, 'read', soon())));
    const order: string[] = [];
    const reads = [1, 2].map((i) => waitForBudget(cloud, 'read', soon()).then(() => order.push(`read ${i}`)));
    const write = waitForBudget(cloud, 'write', soon()).then(() => order.push('write'));
    await Promise.all([...reads, write]);
    expect(order[0]).toBe('write');
  });

  // Told at once, not at the deadline: waiting until the 9 s deadline would outlast the test's 5 s.
  it(
    'refuses at once a read it cannot serve before its deadline, saying when to expect the budget back',
    { timeout: 5_000 },
    async () => {
      process.env.CLOUD_API_BUDGET = '1/10s';
      await waitForBudget(cloud, 'read', soon());
      const error = await waitForBudget(cloud, 'read', soon(9_000)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BudgetExhaustedError);
      expect(error).toMatchObject({ status: 429, code: 'UPSTREAM_BUDGET_EXHAUSTED' });
      expect((error as Error).message).toMatch(
        /cloud API budget \(1 requests per 10 s, shared by everyone using this console\) is exhausted; retrying in 1\d s/,
      );
      expect((error as BudgetExhaustedError).headers?.['retry-after']).toMatch(/^1\d$/);
    },
  );

  it('keeps part of every window for people: background reads stop short of it and are refused after their short wait', async () => {
    process.env.CLOUD_API_BUDGET = '10/10s';
    // The people's share alone, without the writes' reserve (its own cases below).
    process.env.UPSTREAM_WRITE_RESERVE = '0';
    expect([backgroundLimit(10), backgroundLimit(3), backgroundLimit(1)]).toEqual([7, 2, 1]);
    for (let i = 0; i < 7; i++) await waitForBudget(cloud, 'background', soon(100));
    const refused = await waitForBudget(cloud, 'background', soon(300)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BudgetExhaustedError);
    // The three slots held back are still there for people, at once.
    await Promise.all([1, 2, 3].map(() => waitForBudget(cloud, 'read', soon(50))));
  });

  it('serves a person before a background read that was waiting first, without making them sit out its pause', async () => {
    process.env.CLOUD_API_BUDGET = '2/600ms';
    await Promise.all([1, 2].map(() => waitForBudget(cloud, 'read', soon())));
    const order: string[] = [];
    const background = waitForBudget(cloud, 'background', soon()).then(() => order.push('background'));
    // The background read is queued and its pump paused before the person comes.
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    const person = waitForBudget(cloud, 'read', soon()).then(() => order.push('person'));
    await Promise.all([background, person]);
    expect(order).toEqual(['person', 'background']);
  });

  it("serves a background read that went unserved for a whole window ahead of people's reads, once, so the watcher never goes blind under load", async () => {
    vi.useFakeTimers();
    try {
      const order: string[] = [];
      // People keep the budget full: 3 per window of 650 ms (400 ms and the margin), 30 of them.
      const people = Array.from({ length: 30 }, () =>
        waitForBudget(cloud, 'read', soon(60_000)).then(() => order.push('read')),
      );
      // Early on, a background read is refused after its short wait: people come first.
      const early = waitForBudget(cloud, 'background', soon(100)).then(
        () => order.push('background'),
        () => order.push('background refused'),
      );
      // The queue looks again at least every 500 ms.
      await vi.advanceTimersByTimeAsync(600);
      await early;
      expect(order).toContain('background refused');
      await vi.advanceTimersByTimeAsync(650);
      // A window without a background slot: the next one goes ahead of the reads waiting.
      const servedBefore = order.filter((o) => o === 'read').length;
      const starved = waitForBudget(cloud, 'background', soon(100)).then(
        () => order.push('background'),
        () => order.push('background refused'),
      );
      await vi.advanceTimersByTimeAsync(700);
      await starved;
      const at = order.lastIndexOf('background');
      expect(at).toBeGreaterThan(-1);
      expect(order.slice(0, at).filter((o) => o === 'read').length).toBeLessThanOrEqual(servedBefore + 3);
      expect(order.slice(at).filter((o) => o === 'read').length).toBeGreaterThan(0);
      // Once served, the next background read waits behind people again.
      const next = waitForBudget(cloud, 'background', soon(100)).then(
        () => order.push('background again'),
        () => order.push('background refused again'),
      );
      await vi.advanceTimersByTimeAsync(600);
      await next;
      expect(order).toContain('background refused again');
      await vi.advanceTimersByTimeAsync(15_000);
      await Promise.all(people);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the last slots of every window for writes: a burst of reads leaves room for a write at once', async () => {
    process.env.CLOUD_API_BUDGET = '10/10s';
    expect([readLimit(10, 20), readLimit(100, 20), readLimit(3, 20), readLimit(1, 90), readLimit(10, 0)]).toEqual([
      8, 80, 3, 1, 10,
    ]);
    // Twenty people's reads at once: eight go, the rest wait for the window.
    let served = 0;
    const reads = Array.from({ length: 20 }, () =>
      waitForBudget(cloud, 'read', soon(1_000)).then(
        () => served++,
        () => undefined,
      ),
    );
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(served).toBe(8);
    // A person's write behind them still finds a slot at once, and so does a second one.
    await waitForBudget(cloud, 'write', soon(50));
    await waitForBudget(cloud, 'write', soon(50));
    await expect(waitForBudget(cloud, 'write', soon(50))).rejects.toBeInstanceOf(BudgetExhaustedError);
    await Promise.all(reads);
    expect(served).toBe(8);
  });

  it('reads may take the whole window when the reserve is 0, and background reads keep their distance inside the reads share', async () => {
    process.env.CLOUD_API_BUDGET = '10/10s';
    process.env.UPSTREAM_WRITE_RESERVE = '0';
    await Promise.all(Array.from({ length: 10 }, () => waitForBudget(cloud, 'read', soon(50))));
    resetBudgetQueues();
    useSharedStore(new MemoryStore());
    process.env.UPSTREAM_WRITE_RESERVE = '20';
    // Background reads: 70 % of the reads' 8, so people's reads keep 3 and writes 2.
    for (let i = 0; i < backgroundLimit(8); i++) await waitForBudget(cloud, 'background', soon(50));
    await expect(waitForBudget(cloud, 'background', soon(50))).rejects.toBeInstanceOf(BudgetExhaustedError);
    await Promise.all([1, 2, 3].map(() => waitForBudget(cloud, 'read', soon(50))));
    await expect(waitForBudget(cloud, 'read', soon(50))).rejects.toBeInstanceOf(BudgetExhaustedError);
    await Promise.all([1, 2].map(() => waitForBudget(cloud, 'write', soon(50))));
  });

  it('does not pace an upstream whose budget is off', async () => {
    process.env.CLOUD_API_BUDGET = 'off';
    await Promise.all(Array.from({ length: 50 }, () => waitForBudget(cloud, 'read', soon(50))));
  });
});
