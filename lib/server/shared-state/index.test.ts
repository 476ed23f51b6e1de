/** Which shared store the console uses (memory, or Redis with REDIS_URL), made once per process, and its limiters made once per store and prefix. */
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryStore } from './memory-store';
import { sharedLimiter, sharedStore, useSharedStore } from './index';
import type { SharedStore } from './store';

const SLOT = Symbol.for('sluice.shared-store');
const holder = globalThis as { [SLOT]?: SharedStore };
const before = holder[SLOT];
const redisUrl = process.env.REDIS_URL;

afterEach(async () => {
  if (holder[SLOT] !== before) await holder[SLOT]?.close();
  holder[SLOT] = before;
  if (redisUrl === undefined) delete process.env.REDIS_URL;
  else process.env.REDIS_URL = redisUrl;
});

describe('sharedStore', () => {
  it('is a memory store without REDIS_URL, the same one on every call', () => {
    delete holder[SLOT];
    delete process.env.REDIS_URL;
    const store = sharedStore();
    expect(store.kind).toBe('memory');
    expect(sharedStore()).toBe(store);
  });

  it('is a Redis store with REDIS_URL', () => {
    delete holder[SLOT];
    process.env.REDIS_URL = 'redis://127.0.0.1:1';
    expect(sharedStore().kind).toBe('redis');
  });

  it('is the store a test put in place', () => {
    const mine = new MemoryStore();
    useSharedStore(mine);
    expect(sharedStore()).toBe(mine);
  });
});

describe('sharedLimiter', () => {
  it('makes one limiter per store and key prefix', () => {
    const options = { keyPrefix: 'sign-in', points: 5, duration: 60 };
    const one = new MemoryStore();
    useSharedStore(one);
    const first = sharedLimiter(options);
    expect(sharedLimiter(options)).toBe(first);
    expect(sharedLimiter({ ...options, keyPrefix: 'other' })).not.toBe(first);
    expect(sharedLimiter({ ...options, keyPrefix: 'other' })).toBe(sharedLimiter({ ...options, keyPrefix: 'other' }));
    useSharedStore(new MemoryStore());
    expect(sharedLimiter(options)).not.toBe(first);
    useSharedStore(one);
    expect(sharedLimiter(options)).toBe(first);
  });

  it('asks the store for a limiter only once per prefix', () => {
    const store = new MemoryStore();
    let made = 0;
    const limiter = store.limiter.bind(store);
    store.limiter = (options) => (made++, limiter(options));
    useSharedStore(store);
    sharedLimiter({ keyPrefix: 'x', points: 1, duration: 1 });
    sharedLimiter({ keyPrefix: 'x', points: 1, duration: 1 });
    expect(made).toBe(1);
  });
});
