import { LRUCache } from 'lru-cache';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import {
  LockTimeoutError,
  WAITING_WRITE_MS,
  YIELD_TO_WRITE_MS,
  type LimiterOptions,
  type LockOptions,
  type SharedStore,
  type SlotPriority,
} from './store';

/** Values expire on their own; the bound only keeps a busy process from growing without end. */
const MAX_VALUES = 20_000;

/** The embedded default: one process, nothing to run beside it. */
export class MemoryStore implements SharedStore {
  readonly kind = 'memory';
  private readonly values = new LRUCache<string, string>({ max: MAX_VALUES, ttlAutopurge: false });
  /** Apart from the values: a counter (a cache generation) must never be evicted. */
  private readonly counters = new Map<string, number>();
  private readonly slots = new Map<string, { id: string; at: number }[]>();
  private readonly holds = new Map<string, number>();
  private readonly waiting = new Map<string, Map<string, number>>();
  private readonly locks = new Map<string, Promise<void>>();
  private readonly limiters = new Map<string, RateLimiterMemory>();

  async takeSlot(
    key: string,
    limit: number,
    windowMs: number,
    slotId: string,
    priority: SlotPriority = 'read',
  ): Promise<number> {
    const now = Date.now();
    const waiting = this.waitingWrites(key, now);
    const heldUntil = this.holds.get(key) ?? 0;
    if (heldUntil > now) {
      if (priority === 'write') waiting.set(slotId, now + WAITING_WRITE_MS);
      return heldUntil - now;
    }
    const taken = (this.slots.get(key) ?? []).filter((slot) => slot.at > now - windowMs);
    this.slots.set(key, taken);
    if (priority === 'write') waiting.delete(slotId);
    const ahead = priority === 'write' ? 0 : waiting.size;
    if (taken.length + ahead < limit) {
      taken.push({ id: slotId, at: now });
      return 0;
    }
    if (priority === 'write') waiting.set(slotId, now + WAITING_WRITE_MS);
    if (taken.length < limit) return YIELD_TO_WRITE_MS;
    return Math.max(1, Math.min(...taken.map((slot) => slot.at)) + windowMs - now);
  }

  /** The writes still waiting for a slot of `key`, as slot id → until when they count. */
  private waitingWrites(key: string, now: number): Map<string, number> {
    let waiting = this.waiting.get(key);
    if (!waiting) {
      waiting = new Map();
      this.waiting.set(key, waiting);
    }
    for (const [id, until] of waiting) if (until <= now) waiting.delete(id);
    return waiting;
  }

  /** Without taking one: 0 when fewer than `limit` slots of `key` are in the window, else when the oldest frees. */
  roomIn(key: string, limit: number, windowMs: number): number {
    const now = Date.now();
    const taken = (this.slots.get(key) ?? []).filter((slot) => slot.at > now - windowMs);
    if (taken.length < limit) return 0;
    return Math.max(1, Math.min(...taken.map((slot) => slot.at)) + windowMs - now);
  }

  async renewSlot(key: string, slotId: string): Promise<void> {
    const slot = this.slots.get(key)?.find((s) => s.id === slotId);
    if (slot) slot.at = Date.now();
  }

  /** The memory store belongs to one process: one instance. */
  async liveInstances(): Promise<number> {
    return 1;
  }

  async holdBudget(key: string, ms: number): Promise<void> {
    this.holds.set(key, Math.max(this.holds.get(key) ?? 0, Date.now() + ms));
  }

  async get(key: string): Promise<string | null> {
    const counter = this.counters.get(key);
    return counter !== undefined ? String(counter) : (this.values.get(key) ?? null);
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    this.values.set(key, value, { ttl: Math.max(1, Math.round(ttlMs)) });
  }

  async increment(key: string): Promise<number> {
    const next = (this.counters.get(key) ?? 0) + 1;
    this.counters.set(key, next);
    return next;
  }

  async withLock<T>(name: string, options: LockOptions, task: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(name) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const chained = previous.then(() => mine);
    this.locks.set(name, chained);
    let timer: NodeJS.Timeout | undefined;
    let expiry: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        previous,
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new LockTimeoutError(`lock ${name} still held after ${options.waitMs} ms`)),
            options.waitMs,
          );
        }),
      ]);
      clearTimeout(timer);
      // As on Redis, the lock lasts at most `ttlMs`: a task that never ends does not hold it for good.
      expiry = setTimeout(release, options.ttlMs);
      return await task();
    } finally {
      clearTimeout(timer);
      clearTimeout(expiry);
      release();
      if (this.locks.get(name) === chained) this.locks.delete(name);
    }
  }

  /** One limiter per key prefix: each RateLimiterMemory counts on its own. */
  limiter(options: LimiterOptions): RateLimiterMemory {
    let limiter = this.limiters.get(options.keyPrefix);
    if (!limiter) {
      limiter = new RateLimiterMemory(options);
      this.limiters.set(options.keyPrefix, limiter);
    }
    return limiter;
  }

  async ping(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    this.values.clear();
  }
}
