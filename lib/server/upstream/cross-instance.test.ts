/**
 * Two console instances on one Redis (started here): each with its own budget queue and its own
 * Redis client, as two processes behind a load balancer have. Writes go before reads across them,
 * and identical reads missing the cache on both become one upstream call.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisStore } from '../shared-state/redis-store';
import { startTestRedis, type TestRedis } from '../testing/redis';
import { loadAcrossInstances } from './read-cache';
import type { UpstreamResult } from './result';
import { BudgetQueue } from './scheduler';

let redis: TestRedis;
let first: RedisStore;
let second: RedisStore;

beforeAll(async () => {
  redis = await startTestRedis();
  first = new RedisStore(redis.url);
  second = new RedisStore(redis.url);
}, 30_000);

afterAll(async () => {
  await first?.close();
  await second?.close();
  await redis?.stop();
});

const later = () => Date.now() + 15_000;

describe('the upstream budget across two instances', () => {
  it('gives the next slot to a write waiting on one instance, not to the reads the other asks for back to back', async () => {
    const key = `cloud:${randomUUID()}`;
    // One call per window (200 ms + the queue's margin of 250 ms).
    const writer = new BudgetQueue(key, 'cloud', { limit: 1, windowMs: 200 }, () => second);
    const windowMs = 450;
    const order: string[] = [];
    expect(await first.takeSlot(key, 1, windowMs, randomUUID(), 'read')).toBe(0);
    let written = false;
    const write = writer.enter('write', later(), randomUUID()).then(() => {
      written = true;
      order.push('write');
    });
    // The other instance's readers ask for a slot as fast as Redis answers, far more often than a queue looks.
    const giveUp = Date.now() + 5_000;
    while (!written && Date.now() < giveUp) {
      if ((await first.takeSlot(key, 1, windowMs, randomUUID(), 'read')) === 0) order.push('read');
    }
    await write;
    expect(order).toEqual(['write']);
    // And after it, the reads have their turn again.
    await new Promise((resolve) => setTimeout(resolve, windowMs + 50));
    expect(await first.takeSlot(key, 1, windowMs, randomUUID(), 'read')).toBe(0);
  });
});

describe('instances alive', () => {
  it('are counted across clients until they stop saying so', async () => {
    const prefix = randomUUID();
    expect(await first.liveInstances(`${prefix}-a`, 300)).toBeGreaterThanOrEqual(1);
    const both = await second.liveInstances(`${prefix}-b`, 300);
    // Other tests' instances may be alive too; these two both count.
    expect(both).toBe(await first.liveInstances(`${prefix}-a`, 300));
    expect(both).toBeGreaterThanOrEqual(2);
  });
});

describe('identical reads on two instances', () => {
  const answer = (text: string): UpstreamResult => ({ status: 200, text, data: JSON.parse(text) });

  it('become one upstream call: the other instance waits and takes the answer from the shared cache', async () => {
    const key = `read:${randomUUID()}`;
    let calls = 0;
    const load = async () => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 150));
      return answer('{"result":[1,2]}');
    };
    const [a, b] = await Promise.all([
      loadAcrossInstances(first, 'cloud', key, 3_000, false, load),
      loadAcrossInstances(second, 'cloud', key, 3_000, false, load),
    ]);
    expect(calls).toBe(1);
    expect(a.data).toEqual({ result: [1, 2] });
    expect(b.data).toEqual({ result: [1, 2] });
  });

  it('lets the waiting instance load the read itself when the first one failed', async () => {
    const key = `read:${randomUUID()}`;
    let calls = 0;
    const load = async () => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (calls === 1) throw new Error('upstream failed');
      return answer('{"ok":true}');
    };
    const results = await Promise.allSettled([
      loadAcrossInstances(first, 'cloud', key, 3_000, false, load),
      loadAcrossInstances(second, 'cloud', key, 3_000, false, load),
    ]);
    expect(calls).toBe(2);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  });
});
