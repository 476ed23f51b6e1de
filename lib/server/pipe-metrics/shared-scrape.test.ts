/** One upstream scrape per interval for every console instance, through a real Redis. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestRedis, type TestRedis } from '../testing/redis';
import { useSharedStore } from '../shared-state';
import { MemoryStore } from '../shared-state/memory-store';
import { RedisStore } from '../shared-state/redis-store';
import { ScrapeSkipped } from './sampler';
import { organizationScrape } from './organization-scrape';
import { sharedScrape } from './shared-scrape';

let redis: TestRedis;
let store: RedisStore;
beforeAll(async () => {
  redis = await startTestRedis();
  store = new RedisStore(redis.url);
}, 30_000);
afterAll(async () => {
  useSharedStore(new MemoryStore());
  await store?.close();
  await redis?.stop();
});

describe('sharedScrape', () => {
  it('scrapes the upstream once for two instances within an interval, and again after it', async () => {
    useSharedStore(store);
    let now = 1_000_000;
    let calls = 0;
    const fetchText = vi.fn(async () => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return `scrape ${calls}`;
    });
    const first = sharedScrape(fetchText, 30_000, () => now);
    const second = sharedScrape(fetchText, 30_000, () => now);
    // At the same moment: one scrapes, the other waits for its answer.
    const [a, b] = await Promise.all([first('o', 's1'), second('o', 's1')]);
    expect(fetchText).toHaveBeenCalledTimes(1);
    // The one that read it keeps its history; the other is told it is another's.
    expect([a, b].map((scrape) => scrape.shared ?? false).sort()).toEqual([false, true]);
    expect({ ...a, shared: undefined }).toEqual({ text: 'scrape 1', at: 1_000_000, shared: undefined });
    expect(b.text).toBe(a.text);
    now += 20_000;
    expect(await second('o', 's1')).toEqual({ text: 'scrape 1', at: 1_000_000, shared: true });
    expect(fetchText).toHaveBeenCalledTimes(1);
    now += 10_000;
    expect(await second('o', 's1')).toEqual({ text: 'scrape 2', at: 1_030_000 });
    expect(fetchText).toHaveBeenCalledTimes(2);
  });

  it('skips the round when another instance holds the scrape too long', async () => {
    useSharedStore(store);
    // The instances wait 300 ms for the lock here (5 s in the console); the first holds it until told.
    let answer: ((text: string) => void) | undefined;
    const slow = sharedScrape(() => new Promise<string>((resolve) => (answer = resolve)), 30_000, Date.now, 300);
    const other = sharedScrape(async () => 'never', 30_000, Date.now, 300);
    const held = slow('o', 's2');
    await vi.waitFor(() => expect(answer).toBeDefined());
    await expect(other('o', 's2')).rejects.toBeInstanceOf(ScrapeSkipped);
    answer?.('late');
    expect(await held).toMatchObject({ text: 'late' });
  });

  it('shares the organization-wide scrape between instances, and each service is recorded by one of them', async () => {
    useSharedStore(store);
    const now = 2_000_000;
    const labelled = (service: string) =>
      `ClickPipes_Info{clickhouse_service="${service}",clickpipe_id="p-${service}",clickpipe_state="Running"} 1`;
    const fetchOrganization = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return `# TYPE ClickPipes_Info gauge\n${labelled('s1')}\n${labelled('s2')}\n`;
    });
    const instance = () =>
      organizationScrape({ fetchOrganization, fetchService: vi.fn(), intervalMs: 30_000, now: () => now });
    const [one, two] = [instance(), instance()];
    const scrapes = await Promise.all([
      one('shared-org', 's1'),
      two('shared-org', 's1'),
      one('shared-org', 's2'),
      two('shared-org', 's2'),
    ]);
    expect(fetchOrganization).toHaveBeenCalledTimes(1);
    expect(scrapes.map((scrape) => scrape.text.includes('p-s1'))).toEqual([true, true, false, false]);
    expect(scrapes.slice(0, 2).filter((scrape) => !scrape.shared)).toHaveLength(1);
    expect(scrapes.slice(2).filter((scrape) => !scrape.shared)).toHaveLength(1);
  });

  it('scrapes alone while Redis is away, so states and notifications go on, recorded by nobody; an upstream failure still fails the round', async () => {
    const gone = new RedisStore('redis://127.0.0.1:1');
    useSharedStore(gone);
    try {
      const scrape = sharedScrape(
        async () => 'alone',
        30_000,
        () => 5_000,
      );
      expect(await scrape('o', 's-away')).toEqual({ text: 'alone', at: 5_000, shared: true });
      const failing = sharedScrape(async () => {
        throw new Error('upstream 503');
      }, 30_000);
      await expect(failing('o', 's-away')).rejects.toThrow('upstream 503');
    } finally {
      useSharedStore(new MemoryStore());
      await gone.close();
    }
  });

  it('scrapes straight through without Redis (one instance, nothing to share)', async () => {
    useSharedStore(new MemoryStore());
    const fetchText = vi.fn(async () => 'text');
    const scrape = sharedScrape(fetchText, 30_000, () => 5);
    expect(await scrape('o', 's')).toEqual({ text: 'text', at: 5 });
    expect(await scrape('o', 's')).toEqual({ text: 'text', at: 5 });
    expect(fetchText).toHaveBeenCalledTimes(2);
  });
});
