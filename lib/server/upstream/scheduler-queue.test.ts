/**
 * The scheduler's parts on a fake clock: the background share, deadlines per kind, the key's
 * fingerprint, the refusal's wording, renewing a slot when the answer came, holds after a 429, and
 * the queue's refusals exactly at the deadline. (scheduler.test.ts covers the pacing end to end.)
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UpstreamConfig } from '../env';
import { upstreamBudgetExhausted, upstreamQueueWait } from '../metrics';
import { useSharedStore } from '../shared-state';
import { MemoryStore } from '../shared-state/memory-store';
import {
  backgroundLimit,
  budgetExhausted,
  BudgetExhaustedError,
  budgetKey,
  holdBudget,
  queueDeadlineMs,
  resetBudgetQueues,
  waitForBudget,
} from './scheduler';

const cloud: UpstreamConfig = {
  name: 'cloud',
  baseUrl: 'http://127.0.0.1:1',
  authorization: 'Basic a2V5OnNlY3JldA==',
  mode: 'emulator',
};
const MARGIN = 250;
let store: MemoryStore;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
  store = new MemoryStore();
  useSharedStore(store);
  resetBudgetQueues();
  process.env.CLOUD_API_BUDGET = '2/1000ms';
});
afterEach(() => {
  vi.useRealTimers();
  process.env.CLOUD_API_BUDGET = 'off';
  for (const name of ['UPSTREAM_READ_QUEUE_MS', 'UPSTREAM_WRITE_QUEUE_MS', 'UPSTREAM_BACKGROUND_QUEUE_MS'])
    delete process.env[name];
});

const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('backgroundLimit', () => {
  it('leaves at least 30 % of a window to people, rounded in their favour, and never less than one slot to the background', () => {
    expect([100, 10, 4, 3, 2, 1].map(backgroundLimit)).toEqual([70, 7, 2, 2, 1, 1]);
  });
});

describe('queueDeadlineMs', () => {
  it('reads each kind’s own variable', () => {
    process.env.UPSTREAM_READ_QUEUE_MS = '111';
    process.env.UPSTREAM_WRITE_QUEUE_MS = '222';
    process.env.UPSTREAM_BACKGROUND_QUEUE_MS = '333';
    expect([queueDeadlineMs('read'), queueDeadlineMs('write'), queueDeadlineMs('background')]).toEqual([111, 222, 333]);
  });
});

describe('budgetKey', () => {
  it('is the upstream’s name and 16 hex digits of the key’s hash, never the key itself', () => {
    const key = budgetKey(cloud);
    expect(key).toMatch(/^cloud:[0-9a-f]{16}$/);
    expect(key).not.toContain('a2V5');
    expect(budgetKey({ ...cloud })).toBe(key);
    expect(budgetKey({ ...cloud, authorization: 'Basic b3RoZXI6a2V5' })).not.toBe(key);
    expect(budgetKey({ ...cloud, name: 'observability' })).toMatch(/^observability:/);
  });
});

describe('budgetExhausted', () => {
  it('names the budget in seconds from one second up, else in milliseconds, and the whole seconds to wait', () => {
    const error = budgetExhausted('cloud', { limit: 10, windowMs: 10_000 }, 1_001);
    expect(error).toBeInstanceOf(BudgetExhaustedError);
    expect(error).toMatchObject({ status: 429, code: 'UPSTREAM_BUDGET_EXHAUSTED', headers: { 'retry-after': '2' } });
    expect(error.message).toBe(
      'The cloud API budget (10 requests per 10 s, shared by everyone using this console) is exhausted; retrying in 2 s',
    );
    expect(budgetExhausted('observability', { limit: 3, windowMs: 1_000 }, 1_000).message).toContain(
      'observability API budget (3 requests per 1 s,',
    );
    expect(budgetExhausted('cloud', { limit: 3, windowMs: 999 }, 0).message).toMatch(
      /\(3 requests per 999 ms, .* retrying in 1 s$/,
    );
    expect(budgetExhausted('cloud', { limit: 3, windowMs: 999 }, 0).headers).toEqual({ 'retry-after': '1' });
  });
});

describe('waitForBudget', () => {
  it('takes no slot when the budget is off', async () => {
    process.env.CLOUD_API_BUDGET = 'off';
    const slot = await waitForBudget(cloud, 'read', Date.now());
    slot.answered();
    expect(store.roomIn(budgetKey(cloud), 1, 60_000)).toBe(0);
  });

  it('counts a slot for a window plus a margin, restarted when the answer came', async () => {
    const slot = await waitForBudget(cloud, 'read', Date.now() + 5_000);
    await waitForBudget(cloud, 'read', Date.now() + 5_000);
    expect(store.roomIn(budgetKey(cloud), 2, 1000 + MARGIN)).toBe(1000 + MARGIN);
    vi.setSystemTime(1_000_600);
    slot.answered();
    await settle();
    // The other slot frees first now: a window and margin after it was taken.
    expect(store.roomIn(budgetKey(cloud), 2, 1000 + MARGIN)).toBe(1000 + MARGIN - 600);
    vi.setSystemTime(1_000_000 + 1000 + MARGIN);
    expect(store.roomIn(budgetKey(cloud), 2, 1000 + MARGIN)).toBe(0);
    expect(store.roomIn(budgetKey(cloud), 1, 1000 + MARGIN)).toBe(600);
  });

  it('serves a call whose deadline is exactly when a slot frees, and refuses one a millisecond short of it', async () => {
    await Promise.all([1, 2].map(() => waitForBudget(cloud, 'read', Date.now() + 5_000)));
    const window = 1000 + MARGIN;
    const short = waitForBudget(cloud, 'read', Date.now() + window - 1).catch((e: unknown) => e);
    const exact = waitForBudget(cloud, 'read', Date.now() + window).then(() => 'served');
    await vi.advanceTimersByTimeAsync(0);
    const refused = await short;
    expect(refused).toBeInstanceOf(BudgetExhaustedError);
    expect((refused as BudgetExhaustedError).headers).toEqual({ 'retry-after': '2' });
    await vi.advanceTimersByTimeAsync(window);
    expect(await exact).toBe('served');
  });

  it('serves waiting calls in order, writes first, background reads last', async () => {
    await Promise.all([1, 2].map(() => waitForBudget(cloud, 'read', Date.now() + 5_000)));
    const order: string[] = [];
    const enter = (kind: 'read' | 'write' | 'background', name: string) =>
      waitForBudget(cloud, kind, Date.now() + 60_000).then(() => order.push(name));
    const calls = [
      enter('background', 'b1'),
      enter('read', 'r1'),
      enter('write', 'w1'),
      enter('read', 'r2'),
      enter('write', 'w2'),
    ];
    await vi.advanceTimersByTimeAsync(10_000);
    await Promise.all(calls);
    expect(order).toEqual(['w1', 'w2', 'r1', 'r2', 'b1']);
  });
});

describe('holdBudget', () => {
  it('stops every slot for the time the upstream asked', async () => {
    await holdBudget(cloud, 3_000);
    const error = await waitForBudget(cloud, 'read', Date.now() + 2_999).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, headers: { 'retry-after': '3' } });
  });

  it('does nothing when the budget is off, and never throws when the store fails', async () => {
    process.env.CLOUD_API_BUDGET = 'off';
    await holdBudget(cloud, 3_000);
    process.env.CLOUD_API_BUDGET = '2/1000ms';
    expect(await store.takeSlot(budgetKey(cloud), 2, 1000, 'probe')).toBe(0);
    store.holdBudget = () => Promise.reject(new Error('store down'));
    await expect(holdBudget(cloud, 3_000)).resolves.toBeUndefined();
  });
});

describe('a shared store that fails', () => {
  it('refuses every waiting call with 503 SHARED_STATE_UNAVAILABLE', async () => {
    store.takeSlot = () => Promise.reject(new Error('store down'));
    const calls = [1, 2].map(() => waitForBudget(cloud, 'read', Date.now() + 5_000).catch((e: unknown) => e));
    for (const refused of await Promise.all(calls))
      expect(refused).toMatchObject({
        status: 503,
        code: 'SHARED_STATE_UNAVAILABLE',
        message: 'The console cannot reach its shared state (REDIS_URL); try again shortly',
      });
  });
});

describe('the scheduler’s counters', () => {
  const refusals = async (kind: string) =>
    (await upstreamBudgetExhausted.get()).values.find((v) => v.labels.upstream === 'cloud' && v.labels.kind === kind)
      ?.value ?? 0;
  const waits = async (kind: string) =>
    (await upstreamQueueWait.get()).values.find(
      (v) => v.metricName === 'sluice_upstream_queue_wait_seconds_count' && v.labels.kind === kind,
    )?.value ?? 0;

  it('count each refusal by its kind, and each served call’s wait', async () => {
    const [reads, writes, served] = [await refusals('read'), await refusals('write'), await waits('write')];
    await waitForBudget(cloud, 'write', Date.now() + 5_000);
    await waitForBudget(cloud, 'write', Date.now() + 5_000);
    expect(await waits('write')).toBe(served + 2);
    await expect(waitForBudget(cloud, 'read', Date.now() + 10)).rejects.toBeInstanceOf(BudgetExhaustedError);
    await expect(waitForBudget(cloud, 'write', Date.now() + 10)).rejects.toBeInstanceOf(BudgetExhaustedError);
    expect([await refusals('read'), await refusals('write')]).toEqual([reads + 1, writes + 1]);
  });
});
