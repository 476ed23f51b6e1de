/**
 * The scheduler's parts on a fake clock: the background share, deadlines per kind, the key's
 * fingerprint, the refusal's wording, renewing a slot when the answer came, holds after a 429, the
 * queue's refusals exactly at the deadline, and the queue's order: a starved background read's place,
 * the early wake-up, a waiting write marked for other instances. (scheduler.test.ts covers the pacing
 * end to end.)
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UpstreamConfig } from '../env';
import { log } from '../log';
import { upstreamBudgetExhausted, upstreamQueueWait } from '../metrics';
import { useSharedStore } from '../shared-state';
import { MemoryStore } from '../shared-state/memory-store';
import {
  backgroundLimit,
  budgetExhausted,
  BudgetExhaustedError,
  budgetKey,
  BudgetQueue,
  type CallKind,
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

/**
 * One queue driven directly: a budget of 10 per second (a window of 1250 ms with the margin), so
 * reads may hold 8 slots of a window and background reads 5. `fill` takes slots as another caller
 * would, so the queue finds them taken.
 */
describe('BudgetQueue', () => {
  const WINDOW = 1000 + MARGIN;
  const newQueue = () => new BudgetQueue('k', 'cloud', { limit: 10, windowMs: 1000 }, () => store);
  const fill = async (count: number) => {
    for (let i = 0; i < count; i++)
      await store.takeSlot('k', Number.POSITIVE_INFINITY, WINDOW, `other-${Date.now()}-${i}`);
  };
  const later = (ms: number) => vi.setSystemTime(Date.now() + ms);
  let order: string[];
  beforeEach(() => (order = []));
  const enter = (queue: BudgetQueue, kind: CallKind, name: string, deadlineIn = 60_000) =>
    queue.enter(kind, Date.now() + deadlineIn, name).then(
      () => void order.push(name),
      (error: unknown) => void order.push(`${name} refused: ${(error as Error).name}`),
    );

  it('puts a background read not served for a whole window ahead of people’s reads, behind writes and earlier starved ones', async () => {
    const queue = newQueue();
    later(WINDOW + 1);
    await fill(10);
    const calls = [
      enter(queue, 'write', 'w1'),
      enter(queue, 'read', 'r1'),
      enter(queue, 'background', 'b1'),
      enter(queue, 'background', 'b2'),
      enter(queue, 'read', 'r2'),
      enter(queue, 'write', 'w2'),
    ];
    await vi.advanceTimersByTimeAsync(WINDOW);
    await Promise.all(calls);
    expect(order).toEqual(['w1', 'w2', 'b1', 'b2', 'r1', 'r2']);
  });

  it('keeps a background read behind people’s reads while one was served within the window', async () => {
    const queue = newQueue();
    later(WINDOW - 250);
    await enter(queue, 'background', 'b0');
    later(WINDOW);
    await fill(10);
    const calls = [enter(queue, 'read', 'r1'), enter(queue, 'background', 'b1')];
    await vi.advanceTimersByTimeAsync(WINDOW);
    await Promise.all(calls);
    expect(order).toEqual(['b0', 'r1', 'b1']);
  });

  it('counts a starved background read’s turn as a background read served: the next one waits behind people’s reads', async () => {
    const queue = newQueue();
    later(WINDOW + 1);
    await fill(10);
    const starved = enter(queue, 'background', 'starved');
    await vi.advanceTimersByTimeAsync(WINDOW);
    await starved;
    await fill(10);
    const calls = [enter(queue, 'read', 'r1'), enter(queue, 'background', 'b1')];
    await vi.advanceTimersByTimeAsync(WINDOW);
    await Promise.all(calls);
    expect(order).toEqual(['starved', 'r1', 'b1']);
  });

  it('lets a starved background read wait as long as a person’s read may, or its own deadline when that is longer', async () => {
    process.env.UPSTREAM_READ_QUEUE_MS = '5000';
    const queue = newQueue();
    later(WINDOW + 1);
    await fill(10);
    const short = enter(queue, 'background', 'short deadline', 10);
    await vi.advanceTimersByTimeAsync(WINDOW);
    await short;

    process.env.UPSTREAM_READ_QUEUE_MS = '100';
    const other = new BudgetQueue('k2', 'cloud', { limit: 1, windowMs: 1000 }, () => store);
    later(WINDOW + 1);
    await store.takeSlot('k2', 1, WINDOW, 'other');
    const long = enter(other, 'background', 'long deadline', 5_000);
    await vi.advanceTimersByTimeAsync(WINDOW);
    await long;
    expect(order).toEqual(['short deadline', 'long deadline']);
  });

  it('wakes the queue for a person’s call that arrives behind a waiting background read, instead of letting it sit out the pause', async () => {
    const queue = newQueue();
    await fill(6);
    const background = enter(queue, 'background', 'b');
    await vi.advanceTimersByTimeAsync(0);
    const read = enter(queue, 'read', 'r');
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['r']);
    await fill(2);
    const write = enter(queue, 'write', 'w');
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['r', 'w']);
    await vi.advanceTimersByTimeAsync(WINDOW);
    await Promise.all([background, read, write]);
    expect(order).toEqual(['r', 'w', 'b']);
  });

  it('serves a write at once that arrives just after every waiting read was refused', async () => {
    const queue = newQueue();
    await fill(8);
    await enter(queue, 'read', 'r', 10);
    const write = enter(queue, 'write', 'w');
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['r refused: BudgetExhaustedError', 'w']);
    await write;
  });

  it('stops quietly once the queue is empty, with no error logged', async () => {
    const errors = vi.spyOn(log, 'error');
    try {
      const queue = newQueue();
      await Promise.all([enter(queue, 'write', 'w'), enter(queue, 'read', 'r')]);
      expect(order).toEqual(['w', 'r']);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it('marks a waiting write in the shared store, so another instance’s waiting read yields the next free slot to it', async () => {
    const budget = { limit: 1, windowMs: 1000 };
    const [mine, theirs] = [1, 2].map(() => new BudgetQueue('one', 'cloud', budget, () => store));
    await store.takeSlot('one', 1, WINDOW, 'other');
    const read = enter(theirs as BudgetQueue, 'read', 'their read');
    const write = enter(mine as BudgetQueue, 'write', 'my write');
    await vi.advanceTimersByTimeAsync(WINDOW);
    expect(order).toEqual(['my write']);
    await vi.advanceTimersByTimeAsync(WINDOW);
    await Promise.all([read, write]);
    expect(order).toEqual(['my write', 'their read']);
  });

  it('records each served call’s wait in seconds, a starved background read’s and refusal under background', async () => {
    const sum = async (kind: string) =>
      (await upstreamQueueWait.get()).values.find(
        (v) => v.metricName === 'sluice_upstream_queue_wait_seconds_sum' && v.labels.kind === kind,
      )?.value ?? 0;
    const refused = async () =>
      (await upstreamBudgetExhausted.get()).values.find(
        (v) => v.labels.upstream === 'cloud' && v.labels.kind === 'background',
      )?.value ?? 0;
    const [waited, refusals] = [await sum('background'), await refused()];
    const queue = newQueue();
    later(WINDOW + 1);
    await fill(10);
    const starved = enter(queue, 'background', 'starved');
    await vi.advanceTimersByTimeAsync(WINDOW);
    await starved;
    expect(await sum('background')).toBeCloseTo(waited + WINDOW / 1000, 6);

    later(WINDOW + 1);
    await fill(10);
    process.env.UPSTREAM_READ_QUEUE_MS = '10';
    await enter(queue, 'background', 'refused', 10);
    expect(order).toEqual(['starved', 'refused refused: BudgetExhaustedError']);
    expect(await refused()).toBe(refusals + 1);
  });
});
