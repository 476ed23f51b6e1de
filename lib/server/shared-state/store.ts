import type { RateLimiterAbstract } from 'rate-limiter-flexible';

/** A rate limiter's settings, as rate-limiter-flexible takes them. */
export interface LimiterOptions {
  keyPrefix: string;
  points: number;
  /** Seconds. */
  duration: number;
}

/**
 * What several console instances must agree on: upstream budgets, the read cache and its
 * generations, sign-in limits, signed-out sessions and per-dashboard write locks. In this process's
 * memory by default; in Redis with `REDIS_URL`, so every instance behind a load balancer sees the
 * same. Keys are given without a prefix; each store adds its own.
 */
export interface SharedStore {
  readonly kind: 'memory' | 'redis';
  /**
   * Takes one of `limit` slots of a sliding window of `windowMs`: 0 when taken, otherwise the
   * milliseconds until the oldest slot frees (or until a hold set by `holdBudget` ends). Writes go
   * first across every client: a write that gets no slot is marked waiting for `WAITING_WRITE_MS`
   * (its next try renews the mark), and no read takes a slot a waiting write needs.
   */
  takeSlot(key: string, limit: number, windowMs: number, slotId: string, priority?: SlotPriority): Promise<number>;
  /**
   * Restarts a taken slot's window from now: called when the answer came, so the slot frees a
   * window after the request surely reached the upstream, however late it left this process.
   */
  renewSlot(key: string, slotId: string, windowMs: number): Promise<void>;
  /**
   * Counts this instance as alive for `ttlMs` and says how many instances are: each one's share of
   * a budget while the store is unreachable.
   */
  liveInstances(instanceId: string, ttlMs: number): Promise<number>;
  /** No slot is handed out for `ms` (the upstream answered 429 with a reset time). */
  holdBudget(key: string, ms: number): Promise<void>;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Adds one and returns the new value; a missing key counts from 0. */
  increment(key: string): Promise<number>;
  /** Runs `task` while holding the named lock, waiting at most `waitMs` for it (looking again every `retryMs`). */
  withLock<T>(name: string, options: LockOptions, task: () => Promise<T>): Promise<T>;
  limiter(options: LimiterOptions): RateLimiterAbstract;
  /** Whether the store answers (Redis reachable); the memory store always does. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface LockOptions {
  /** The lock lapses after this, should its holder die. */
  ttlMs: number;
  waitMs: number;
  /** How often a waiter asks again (Redis); short by default, for locks held briefly. */
  retryMs?: number;
}

/** `write`: ahead of every read of every client. */
export type SlotPriority = 'write' | 'read';

/** How long a write that got no slot counts as waiting: longer than a queue's pause between tries. */
export const WAITING_WRITE_MS = 1_500;

/** How soon a read held back for a waiting write looks again: the write takes its slot within a pause. */
export const YIELD_TO_WRITE_MS = 100;

/** The lock could not be taken in time: another writer holds it. */
export class LockTimeoutError extends Error {
  override name = 'LockTimeoutError';
}
