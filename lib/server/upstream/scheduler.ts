import 'server-only';
import { createHash, randomUUID } from 'node:crypto';
import { ApiError } from '../errors';
import { durationFromEnv, UPSTREAM_LABEL, wholeNumberFromEnv, type UpstreamConfig, type UpstreamName } from '../env';
import { log } from '../log';
import { upstreamBudgetExhausted, upstreamQueueWait } from '../metrics';
import { sharedStore, type SharedStore } from '../shared-state';
import { budgetFor, type Budget } from './budget';
import { renewSlotSomewhere, takeSlotSomewhere } from './budget-fallback';

/**
 * Paces every call to an upstream key within its budget, for all users and (with Redis) all
 * console instances together. Calls wait in a queue rather than fail: writes go ahead of reads,
 * and a call is refused only when no slot can come before its deadline. A slot is the right to
 * send one request; it comes back a window after the request's answer arrived (a sliding window
 * from a moment the request had surely reached the upstream, so the upstream's limit holds over any
 * window however it counts and however late a busy process sent it), plus a margin for clocks.
 * Reads never take the last slots of a window (`UPSTREAM_WRITE_RESERVE`, 20 % by default: 2 of the
 * cloud's 10): a burst of reads — twenty people opening the overview at once — leaves room for a
 * person's write, which then goes at once instead of waiting a window behind them.
 * Background reads (the console's own metric scrapes) come last and never take the slots held back
 * for people, so a scrape cannot make anyone wait; when those are all that is left, the scrape
 * waits briefly and is then refused (and skipped by its caller) — until none has been served for a
 * whole window: then one goes ahead of people's reads, so the watcher is never blind for long.
 */

/** `background`: a read nobody is waiting for. */
export type CallKind = 'read' | 'write' | 'background';

/** The share of each window a background read may never use: it stays free for people. */
const PEOPLE_SHARE = 0.3;

/** How many slots of a window background reads may hold at most (never fewer than one). */
export function backgroundLimit(limit: number): number {
  return Math.max(1, limit - Math.ceil(limit * PEOPLE_SHARE));
}

/** The share of each window, in percent, that only writes may use (`UPSTREAM_WRITE_RESERVE`). */
const DEFAULT_WRITE_RESERVE = 20;

/**
 * How many slots of a window reads may hold at most: the budget less the writes' reserve, in whole
 * slots (a budget too small to spare one keeps none), never fewer than one.
 */
export function readLimit(
  limit: number,
  reservePercent = wholeNumberFromEnv('UPSTREAM_WRITE_RESERVE', DEFAULT_WRITE_RESERVE),
): number {
  return Math.max(1, limit - Math.floor((limit * reservePercent) / 100));
}

/** The most slots of a window a call of this kind may find taken and still take one. */
function limitFor(kind: CallKind, limit: number): number {
  if (kind === 'write') return limit;
  // Background reads keep their distance from people's reads, inside the reads' share.
  return kind === 'background' ? backgroundLimit(readLimit(limit)) : readLimit(limit);
}

const RANK: Record<CallKind, number> = { write: 0, read: 1, background: 2 };

/**
 * A background read not served for a whole window goes ahead of people's reads once: under a
 * load that fills every window, the console's own watcher (pipe states for notifications and
 * history) would otherwise never get a slot and go blind exactly when it matters.
 */
const STARVED_WINDOWS = 1;

/** Added to each window: the request may arrive at the upstream a little after we count it. */
const WINDOW_MARGIN_MS = 250;
/** How often a waiting queue looks again when another instance may have freed a slot. */
const MAX_POLL_MS = 500;

/** How long a call may wait for a slot before the user is told the budget is exhausted. */
export function queueDeadlineMs(kind: CallKind): number {
  if (kind === 'background') return durationFromEnv('UPSTREAM_BACKGROUND_QUEUE_MS');
  return kind === 'write' ? durationFromEnv('UPSTREAM_WRITE_QUEUE_MS') : durationFromEnv('UPSTREAM_READ_QUEUE_MS');
}

/** The key's fingerprint: budgets are per upstream key, and the key itself never becomes a Redis key. */
export function budgetKey(upstream: UpstreamConfig): string {
  return `${upstream.name}:${createHash('sha256').update(upstream.authorization).digest('hex').slice(0, 16)}`;
}

export class BudgetExhaustedError extends ApiError {
  override name = 'BudgetExhaustedError';
}

function budgetText(budget: Budget): string {
  const seconds = budget.windowMs / 1000;
  return `${budget.limit} requests per ${seconds >= 1 ? `${seconds} s` : `${budget.windowMs} ms`}`;
}

export function budgetExhausted(name: UpstreamName, budget: Budget, waitMs: number): BudgetExhaustedError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new BudgetExhaustedError(
    429,
    'UPSTREAM_BUDGET_EXHAUSTED',
    `The ${UPSTREAM_LABEL[name]} budget (${budgetText(budget)}, shared by everyone using this console) is exhausted; retrying in ${seconds} s`,
    { headers: { 'retry-after': String(seconds) } },
  );
}

/** A taken slot: `answered()` when the upstream's answer (or failure) came. */
export interface BudgetSlot {
  answered(): void;
}

const NO_SLOT: BudgetSlot = { answered: () => {} };

interface Waiter {
  kind: CallKind;
  /** A background read that waited out STARVED_WINDOWS: it counts as the first of people's reads. */
  starved?: boolean;
  enqueuedAt: number;
  deadline: number;
  slotId: string;
  /** With the store the slot was counted in. */
  resolve: (store: SharedStore) => void;
  reject: (error: Error) => void;
}

/** One key's queue in this process; `store` is where every instance counts the key's slots. */
export class BudgetQueue {
  private readonly waiting: Waiter[] = [];
  private pumping = false;
  /** Ends the pump's current pause early. */
  private wake?: () => void;
  /** When a background read last got a slot (from the queue's start: none is starved at first). */
  private backgroundServedAt = Date.now();

  constructor(
    private readonly key: string,
    private readonly name: UpstreamName,
    private readonly budget: Budget,
    private readonly store: () => SharedStore = sharedStore,
  ) {}

  get windowMs(): number {
    return this.budget.windowMs + WINDOW_MARGIN_MS;
  }

  /** Resolves with the store the slot was counted in (the shared one, or this instance's own while it is away). */
  enter(kind: CallKind, deadline: number, slotId: string): Promise<SharedStore> {
    return new Promise<SharedStore>((resolve, reject) => {
      const now = Date.now();
      const starved = kind === 'background' && now - this.backgroundServedAt > STARVED_WINDOWS * this.windowMs;
      const waiter: Waiter = starved
        ? // It waits as long as a person's read may, with the reads' whole share open to it.
          {
            kind: 'read',
            starved,
            enqueuedAt: now,
            deadline: Math.max(deadline, now + queueDeadlineMs('read')),
            slotId,
            resolve,
            reject,
          }
        : { kind, enqueuedAt: now, deadline, slotId, resolve, reject };
      // A person's call must not sit out the pause of a background read that was waiting first.
      const head = this.waiting[0];
      if (head && RANK[waiter.kind] < RANK[head.kind]) this.wake?.();
      // Writes go ahead of every waiting read, reads ahead of background reads; each behind its own
      // kind, except a starved background read, which goes ahead of the reads.
      const firstBehind = this.waiting.findIndex((w) =>
        starved ? RANK[w.kind] >= RANK.read && !w.starved : RANK[w.kind] > RANK[waiter.kind],
      );
      if (firstBehind === -1) this.waiting.push(waiter);
      else this.waiting.splice(firstBehind, 0, waiter);
      void this.pump();
    });
  }

  private pause(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
    });
  }

  private refuse(waiter: Waiter, error: Error): void {
    upstreamBudgetExhausted.inc({ upstream: this.name, kind: waiter.starved ? 'background' : waiter.kind });
    waiter.reject(error);
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.waiting.length > 0) {
        let waitMs: number;
        const head = this.waiting[0] as Waiter;
        let countedIn: SharedStore;
        try {
          const limit = limitFor(head.kind, this.budget.limit);
          const priority = head.kind === 'write' ? 'write' : 'read';
          ({ waitMs, store: countedIn } = await takeSlotSomewhere(
            this.name,
            this.store(),
            this.key,
            limit,
            this.windowMs,
            head.slotId,
            priority,
          ));
        } catch (error) {
          log.error({ err: error, upstream: this.name }, 'cannot pace upstream calls');
          const failure = new ApiError(
            503,
            'SHARED_STATE_UNAVAILABLE',
            'The console cannot reach its shared state (REDIS_URL); try again shortly',
          );
          for (const waiter of this.waiting.splice(0)) waiter.reject(failure);
          return;
        }
        const now = Date.now();
        if (waitMs === 0) {
          // The slot was taken under the head's id: a write that arrived meanwhile goes next.
          this.waiting.splice(this.waiting.indexOf(head), 1);
          if (head.kind === 'background' || head.starved) this.backgroundServedAt = now;
          upstreamQueueWait.observe(
            { upstream: this.name, kind: head.starved ? 'background' : head.kind },
            (now - head.enqueuedAt) / 1000,
          );
          head.resolve(countedIn);
          continue;
        }
        // Whoever cannot be served before their deadline hears so now, not at the deadline.
        for (let i = this.waiting.length - 1; i >= 0; i--) {
          const waiter = this.waiting[i] as Waiter;
          if (waiter.deadline < now + waitMs) {
            this.waiting.splice(i, 1);
            this.refuse(waiter, budgetExhausted(this.name, this.budget, waitMs));
          }
        }
        if (this.waiting.length > 0) await this.pause(Math.min(waitMs, MAX_POLL_MS));
      }
    } finally {
      this.pumping = false;
    }
  }
}

// On globalThis: one queue per key for the whole process, however often Next loads this module.
const QUEUES = Symbol.for('sluice.upstream-queues');
type Holder = { [QUEUES]?: Map<string, BudgetQueue> };

function queues(): Map<string, BudgetQueue> {
  const holder = globalThis as Holder;
  holder[QUEUES] ??= new Map();
  return holder[QUEUES];
}

/**
 * Resolves when the call may go to the upstream (a slot of its budget is taken), or rejects with
 * a 429 that tells the user when to expect it. No budget (`…_BUDGET=off`): at once.
 */
export async function waitForBudget(upstream: UpstreamConfig, kind: CallKind, deadline: number): Promise<BudgetSlot> {
  const budget = budgetFor(upstream.name);
  if (!budget) return NO_SLOT;
  const key = budgetKey(upstream);
  let queue = queues().get(key);
  if (!queue) {
    queue = new BudgetQueue(key, upstream.name, budget);
    queues().set(key, queue);
  }
  const slotId = randomUUID();
  const countedIn = await queue.enter(kind, deadline, slotId);
  const windowMs = queue.windowMs;
  return {
    answered: () => {
      renewSlotSomewhere(countedIn, key, slotId, windowMs).catch((error: unknown) =>
        log.warn({ err: error, upstream: upstream.name }, 'could not renew an upstream budget slot'),
      );
    },
  };
}

/** The upstream said 429 anyway (another client of the same key): nobody here sends until it resets. */
export async function holdBudget(upstream: UpstreamConfig, ms: number): Promise<void> {
  if (!budgetFor(upstream.name)) return;
  await sharedStore()
    .holdBudget(budgetKey(upstream), ms)
    .catch((error: unknown) =>
      log.warn({ err: error, upstream: upstream.name }, 'could not record the upstream rate limit in shared state'),
    );
}

/** Tests start each case with empty queues. */
export function resetBudgetQueues(): void {
  queues().clear();
}
