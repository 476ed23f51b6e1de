/** `/api/ready` for a load balancer: 200 while the database and the shared state answer, 503 naming what is gone. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as readyRoute from '@/app/api/ready/route';
import { setConsoleDatabase } from './db/shared';
import { openTestDatabase } from './db/testing';
import { useSharedStore } from './shared-state';
import { MemoryStore } from './shared-state/memory-store';
import { RedisStore } from './shared-state/redis-store';
import { configureTestEnvironment, readJson, removeTestDataDirs, routeContext, testRequest } from './test-support';
import { startTestRedis, type TestRedis } from './testing/redis';

const ready = async () => {
  const response = await readyRoute.GET(testRequest('/api/ready'), routeContext({}));
  return { status: response.status, body: await readJson(response) };
};

beforeAll(() => {
  configureTestEnvironment('http://127.0.0.1:1');
});
afterAll(() => {
  setConsoleDatabase(null);
  removeTestDataDirs();
});

describe('GET /api/ready', () => {
  it('answers 200 while the database and the memory store answer', async () => {
    setConsoleDatabase(await openTestDatabase());
    useSharedStore(new MemoryStore());
    expect(await ready()).toEqual({
      status: 200,
      body: { status: 'ready', checks: { database: 'ok', sharedState: 'ok' }, sharedState: 'memory' },
    });
  });

  it('answers 503 naming the database when the database is gone', async () => {
    const db = await openTestDatabase();
    setConsoleDatabase(db);
    useSharedStore(new MemoryStore());
    await db.close();
    expect(await ready()).toEqual({
      status: 503,
      body: { status: 'not ready', checks: { database: 'unavailable', sharedState: 'ok' }, sharedState: 'memory' },
    });
  });

  describe('with Redis', () => {
    let redis: TestRedis;
    let store: RedisStore;
    beforeAll(async () => {
      redis = await startTestRedis();
      store = new RedisStore(redis.url);
    }, 30_000);
    afterAll(async () => {
      await store?.close();
      await redis?.stop();
    });

    it('answers 200 while Redis answers, and 503 naming the shared state once Redis is gone', async () => {
      setConsoleDatabase(await openTestDatabase());
      useSharedStore(store);
      expect(await ready()).toMatchObject({
        status: 200,
        body: { checks: { database: 'ok', sharedState: 'ok' }, sharedState: 'redis' },
      });
      await redis.stop();
      expect(await ready()).toEqual({
        status: 503,
        body: { status: 'not ready', checks: { database: 'ok', sharedState: 'unavailable' }, sharedState: 'redis' },
      });
    });
  });
});
