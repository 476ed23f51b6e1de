import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import {
  LockTimeoutError,
  WAITING_WRITE_MS,
  YIELD_TO_WRITE_MS,
  type LimiterOptions,
  type LockOptions,
  type SharedStore,
  type SlotPriority,
} from './store';

const PREFIX = 'sluice:';

/**
 * A sliding window in a sorted set, timed by the Redis server's clock so every instance counts
 * the same way: 0 when a slot was taken, else the milliseconds until one frees. Writes that got no
 * slot wait in a second sorted set (scored by when their mark lapses); a read takes a slot only
 * when those writes would still find theirs, so writes go first across every instance.
 */
const TAKE_SLOT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local write = ARGV[4] == 'write'
local waitingMs = tonumber(ARGV[5])
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
local function waitAsWrite()
  if write then
    redis.call('ZADD', KEYS[3], now + waitingMs, ARGV[3])
    redis.call('PEXPIRE', KEYS[3], waitingMs)
  end
end
local held = tonumber(redis.call('GET', KEYS[2]) or '0')
if held > now then
  waitAsWrite()
  return held - now
end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local taken = redis.call('ZCARD', KEYS[1])
local ahead = 0
if write then redis.call('ZREM', KEYS[3], ARGV[3]) else ahead = redis.call('ZCARD', KEYS[3]) end
if taken + ahead < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  return 0
end
waitAsWrite()
if taken < limit then return tonumber(ARGV[6]) end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return math.max(1, tonumber(oldest[2]) + window - now)
`;
/** Moves a slot's time to now, keeping the set alive a window from now. */
const RENEW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then
  redis.call('ZADD', KEYS[1], 'XX', now, ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
`;

const HOLD = `
local t = redis.call('TIME')
local until_ms = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) + tonumber(ARGV[1])
if tonumber(redis.call('GET', KEYS[1]) or '0') < until_ms then
  redis.call('SET', KEYS[1], until_ms, 'PX', ARGV[1])
end
return 0
`;

/** Marks one instance alive until now + ARGV[2] and counts those still alive. */
const LIVE_INSTANCES = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return redis.call('ZCARD', KEYS[1])
`;
/** Deletes the lock only when it is still ours (it may have expired and been taken by another). */
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

const LOCK_RETRY_MS = 15;

/** Shared state for several console instances, in the Redis at `REDIS_URL`. */
export class RedisStore implements SharedStore {
  readonly kind = 'redis';
  readonly client: Redis;

  constructor(url: string) {
    // A request must fail within a couple of seconds when Redis is away, not wait behind it;
    // commands sent while the first connection opens wait for it.
    this.client = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 2_000, connectTimeout: 3_000 });
    // Without a listener ioredis prints every reconnection failure; /api/ready reports it instead.
    this.client.on('error', () => {});
  }

  async takeSlot(
    key: string,
    limit: number,
    windowMs: number,
    slotId: string,
    priority: SlotPriority = 'read',
  ): Promise<number> {
    const result = await this.client.eval(
      TAKE_SLOT,
      3,
      `${PREFIX}slots:${key}`,
      `${PREFIX}hold:${key}`,
      `${PREFIX}waiting-writes:${key}`,
      windowMs,
      limit,
      slotId,
      priority,
      WAITING_WRITE_MS,
      YIELD_TO_WRITE_MS,
    );
    return Number(result);
  }

  async renewSlot(key: string, slotId: string, windowMs: number): Promise<void> {
    await this.client.eval(RENEW, 1, `${PREFIX}slots:${key}`, slotId, windowMs);
  }

  async liveInstances(instanceId: string, ttlMs: number): Promise<number> {
    return Number(await this.client.eval(LIVE_INSTANCES, 1, `${PREFIX}instances`, instanceId, ttlMs));
  }

  async holdBudget(key: string, ms: number): Promise<void> {
    await this.client.eval(HOLD, 1, `${PREFIX}hold:${key}`, Math.max(1, Math.round(ms)));
  }

  async get(key: string): Promise<string | null> {
    return this.client.get(PREFIX + key);
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await this.client.set(PREFIX + key, value, 'PX', Math.max(1, Math.round(ttlMs)));
  }

  async increment(key: string): Promise<number> {
    return this.client.incr(PREFIX + key);
  }

  async withLock<T>(name: string, options: LockOptions, task: () => Promise<T>): Promise<T> {
    const key = `${PREFIX}lock:${name}`;
    const token = randomUUID();
    const giveUpAt = Date.now() + options.waitMs;
    while ((await this.client.set(key, token, 'PX', options.ttlMs, 'NX')) !== 'OK') {
      if (Date.now() >= giveUpAt) throw new LockTimeoutError(`lock ${name} still held after ${options.waitMs} ms`);
      await sleep(options.retryMs ?? LOCK_RETRY_MS);
    }
    try {
      return await task();
    } finally {
      await this.client.eval(RELEASE, 1, key, token).catch(() => undefined);
    }
  }

  limiter(options: LimiterOptions): RateLimiterRedis {
    return new RateLimiterRedis({ storeClient: this.client, ...options, keyPrefix: `${PREFIX}${options.keyPrefix}` });
  }

  async ping(): Promise<boolean> {
    try {
      return (await this.client.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    this.client.disconnect();
  }
}
