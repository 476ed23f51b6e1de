/**
 * Two console instances sharing one database, on a fake clock: each round of scrapes is written
 * once, by the instance that read the upstream — with Redis (one scrape shared) and without it
 * (each instance scrapes; the database keeps the first of the round).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../db/testing';
import type { PgliteDatabase } from '../db/pglite';
import { PipeMetricsSampler, type RecordScrape } from '../pipe-metrics/sampler';
import { sharedScrape } from '../pipe-metrics/shared-scrape';
import { useSharedStore } from '../shared-state';
import { MemoryStore } from '../shared-state/memory-store';
import { RedisStore } from '../shared-state/redis-store';
import { startTestRedis, type TestRedis } from '../testing/redis';
import { DAY_MS } from './retention';
import { readSeries, readStateChanges, writeScrape } from './store';

const INTERVAL = 30_000;
const PIPES = ['p1', 'p2', 'p3'];
const prometheus = (round: number) =>
  PIPES.map(
    (id) =>
      `ClickPipes_Info{clickpipe_id="${id}",clickpipe_state="${round >= 3 && id === 'p2' ? 'Failed' : 'Running'}"} 1\nClickPipes_SentEvents_Total{clickpipe_id="${id}"} ${round * 300}\n`,
  ).join('');

let db: PgliteDatabase;
let redis: TestRedis;
let store: RedisStore;
const samplers: PipeMetricsSampler[] = [];
beforeAll(async () => {
  db = await openTestDatabase();
  redis = await startTestRedis();
  store = new RedisStore(redis.url);
}, 30_000);
afterEach(async () => {
  samplers.splice(0).forEach((sampler) => sampler.stop());
  useSharedStore(new MemoryStore());
  for (const table of ['pipe_samples', 'pipe_latest', 'pipe_history_scrapes', 'pipe_state_changes'])
    await db.query(`delete from ${table}`);
});
afterAll(async () => {
  await store?.close();
  await redis?.stop();
  await db?.close();
});

/** Two instances, each with its own clock offset, recording through the same database. */
function twoConsoles(clock: { now: number }, share: boolean) {
  let round = 0;
  const fetchText = vi.fn(async () => prometheus(round));
  const writers: string[] = [];
  const instance = (name: string, skewMs: number) => {
    const record: RecordScrape = async (scrape) => {
      const outcome = await writeScrape(db, scrape, 14 * DAY_MS);
      if (outcome.written) writers.push(name);
    };
    const now = () => clock.now + skewMs;
    const scrape = share
      ? sharedScrape(fetchText, INTERVAL, now)
      : async () => ({ text: await fetchText(), at: now() });
    const sampler = new PipeMetricsSampler(scrape, INTERVAL, now, record);
    samplers.push(sampler);
    return sampler;
  };
  return { consoles: [instance('a', 0), instance('b', 1_500)], fetchText, writers, nextRound: () => round++ };
}

async function runRounds(share: boolean, serviceId: string) {
  const clock = { now: 1_800_000_000_000 };
  const { consoles, fetchText, writers, nextRound } = twoConsoles(clock, share);
  for (let round = 0; round < 5; round++) {
    nextRound();
    // Both read in each round, as two pages behind a load balancer would.
    await Promise.all(consoles.map((sampler) => sampler.read('org', serviceId)));
    clock.now += INTERVAL;
  }
  return { fetchText, writers, start: 1_800_000_000_000 };
}

describe('history written by two console instances', () => {
  it('with Redis: one scrape per round, written by the instance that read it', async () => {
    useSharedStore(store);
    const { fetchText, writers, start } = await runRounds(true, 'svc-shared');
    expect(fetchText).toHaveBeenCalledTimes(5);
    expect(writers).toHaveLength(5);
    for (const pipe of PIPES)
      expect(await readSeries(db, pipe, start - INTERVAL, start + 5 * INTERVAL)).toHaveLength(4);
    expect((await readStateChanges(db, 'p2', 0)).map((c) => [c.from, c.to])).toEqual([
      [null, 'Running'],
      ['Running', 'Failed'],
    ]);
  });

  it('without Redis: both instances scrape, and the database keeps one write per round', async () => {
    const { fetchText, writers, start } = await runRounds(false, 'svc-alone');
    expect(fetchText).toHaveBeenCalledTimes(10);
    expect(writers).toHaveLength(5);
    const series = await readSeries(db, 'p1', start - INTERVAL, start + 5 * INTERVAL + 2_000);
    expect(series.map((p) => p.rowsPerSecond)).toEqual([10, 10, 10, 10]);
    expect(await readStateChanges(db, 'p2', 0)).toHaveLength(2);
  });
});
