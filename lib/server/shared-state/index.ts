import 'server-only';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { onShutdown } from '../lifecycle';
import { MemoryStore } from './memory-store';
import { RedisStore } from './redis-store';
import type { LimiterOptions, SharedStore } from './store';
import { envText } from '../env';

export type { LimiterOptions, LockOptions, SharedStore, SlotPriority } from './store';
export { LockTimeoutError } from './store';

// On globalThis: Next may evaluate this module more than once in one process, and two memory
// stores would each count only half of the upstream budget.
const SLOT = Symbol.for('sluice.shared-store');
type Holder = { [SLOT]?: SharedStore };

/** Redis when `REDIS_URL` is set, else this process's memory. */
export function sharedStore(): SharedStore {
  const holder = globalThis as Holder;
  if (!holder[SLOT]) {
    const redisUrl = envText('REDIS_URL');
    const store = redisUrl ? new RedisStore(redisUrl) : new MemoryStore();
    holder[SLOT] = store;
    onShutdown('shared state', 'close', () => store.close());
  }
  return holder[SLOT];
}

/** Tests swap the store (a fresh memory one, or a Redis they started). */
export function useSharedStore(store: SharedStore): void {
  (globalThis as Holder)[SLOT] = store;
}

const limiters = new WeakMap<SharedStore, Map<string, RateLimiterAbstract>>();

/** A rate limiter in the current shared store, made once per store and key prefix. */
export function sharedLimiter(options: LimiterOptions): RateLimiterAbstract {
  const store = sharedStore();
  let byPrefix = limiters.get(store);
  if (!byPrefix) {
    byPrefix = new Map();
    limiters.set(store, byPrefix);
  }
  let limiter = byPrefix.get(options.keyPrefix);
  if (!limiter) {
    limiter = store.limiter(options);
    byPrefix.set(options.keyPrefix, limiter);
  }
  return limiter;
}
