/**
 * Pipe history in the database, on a fake clock: gains between scrapes, state changes, one write
 * per round whoever scrapes, and its ageing (raw for a day, then exact 5-minute buckets, then
 * gone past the retention). On the embedded PGlite always, and on Debian's Postgres when installed.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PipeSample, PipeSamples } from '@/lib/pipes/metrics/parse';
import { migrate } from '../db/migrations';
import { openPostgres } from '../db/postgres';
import { openTestDatabase } from '../db/testing';
import { postgresUnavailableReason, startTestPostgres, type TestPostgres } from '../db/testing-postgres';
import type { DirectDatabase } from '../db/types';
import { BUCKET_MS, DAY_MS, RAW_HISTORY_MS } from './retention';
import { readSeries, readStateChanges, writeScrape } from './store';

const noPostgres = postgresUnavailableReason();
const SERVICE = 'svc-1';
const INTERVAL = 60_000;
/** A whole number of buckets, so windows of 5 minutes line up with the buckets. */
const T0 = 1_700_000_100_000 - (1_700_000_100_000 % BUCKET_MS);
const RETENTION = 2 * DAY_MS;

function sample(id: string, sent: number, overrides: Partial<PipeSample> = {}): PipeSample {
  return {
    id,
    state: 'Running',
    fetchedEvents: sent,
    sentEvents: sent,
    fetchedBytes: sent * 10,
    sentBytes: sent * 10,
    errors: 0,
    latencyMs: 100,
    ...overrides,
  };
}

const samples = (...list: PipeSample[]): PipeSamples => new Map(list.map((s) => [s.id, s]));

async function count(db: DirectDatabase, table: string): Promise<number> {
  const [row] = await db.query<{ n: string | number }>(`select count(*) as n from ${table}`);
  return Number(row!.n);
}

function contract(name: string, open: () => Promise<{ db: DirectDatabase; close: () => Promise<void> }>) {
  describe(name, () => {
    let db: DirectDatabase;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ db, close } = await open());
    }, 60_000);
    afterAll(() => close());
    beforeEach(async () => {
      for (const table of ['pipe_samples', 'pipe_buckets', 'pipe_latest', 'pipe_history_scrapes', 'pipe_state_changes'])
        await db.query(`delete from ${table}`);
    });

    const write = (at: number, list: PipeSamples) =>
      writeScrape(db, { serviceId: SERVICE, at, samples: list, intervalMs: INTERVAL }, RETENTION);

    it('writes the gains since the scrape before as rates, and each state change once', async () => {
      expect(await write(T0, samples(sample('a', 100)))).toMatchObject({
        written: true,
        samples: 0,
        stateChanges: [{ pipeId: 'a', from: null, to: 'Running' }],
      });
      expect(await write(T0 + INTERVAL, samples(sample('a', 700, { latencyMs: 300 })))).toMatchObject({
        written: true,
        samples: 1,
        stateChanges: [],
      });
      // A counter that went down was reset: it counts from zero.
      await write(T0 + 2 * INTERVAL, samples(sample('a', 60, { state: 'Failed', errors: 3, latencyMs: undefined })));
      expect(await readSeries(db, 'a', T0, T0 + 2 * INTERVAL)).toEqual([
        { t: T0 + INTERVAL, rowsPerSecond: 10, bytesPerSecond: 100, errorsPerSecond: 0, latencyMs: 300 },
        { t: T0 + 2 * INTERVAL, rowsPerSecond: 1, bytesPerSecond: 10, errorsPerSecond: 0.05 },
      ]);
      await write(T0 + 3 * INTERVAL, samples(sample('a', 120)));
      expect((await readStateChanges(db, 'a', T0)).map((c) => [c.at - T0, c.from, c.to])).toEqual([
        [0, null, 'Running'],
        [2 * INTERVAL, 'Running', 'Failed'],
        [3 * INTERVAL, 'Failed', 'Running'],
      ]);
      expect(await readStateChanges(db, 'a', T0 + INTERVAL)).toHaveLength(2);
    });

    it('writes a round once, whichever console scrapes it, and never an older one', async () => {
      await write(T0, samples(sample('a', 100)));
      // A second console's scrape of the same round (no shared scrape between them): left out.
      expect(await write(T0 + 2_000, samples(sample('a', 120)))).toEqual({ written: false });
      expect(await write(T0 - INTERVAL, samples(sample('a', 90)))).toEqual({ written: false });
      expect(await write(T0 + INTERVAL, samples(sample('a', 160)))).toMatchObject({ written: true, samples: 1 });
      const series = await readSeries(db, 'a', T0, T0 + INTERVAL);
      expect(series).toEqual([expect.objectContaining({ t: T0 + INTERVAL, rowsPerSecond: 1 })]);
    });

    it('leaves a gap where the console was not scraping, instead of a rate averaged over it', async () => {
      await write(T0, samples(sample('a', 100)));
      await write(T0 + 10 * INTERVAL, samples(sample('a', 700)));
      await write(T0 + 11 * INTERVAL, samples(sample('a', 760)));
      expect((await readSeries(db, 'a', T0, T0 + 11 * INTERVAL)).map((p) => [p.t - T0, p.rowsPerSecond])).toEqual([
        [11 * INTERVAL, 1],
      ]);
    });

    it('merges samples older than a day into exact 5-minute buckets, and drops what is older than the retention', async () => {
      // An hour of scrapes, every minute, with a gauge present on every other scrape.
      for (let minute = 0; minute <= 60; minute++) {
        await write(
          T0 + minute * INTERVAL,
          samples(
            sample('a', minute * minute * 60, { latencyMs: minute % 2 ? minute : undefined }),
            sample('b', minute * 30),
          ),
        );
      }
      const hour = async () => readSeries(db, 'a', T0, T0 + 60 * INTERVAL, 12);
      const beforeCompaction = await hour();
      expect(beforeCompaction).toHaveLength(12);
      expect(await count(db, 'pipe_samples')).toBe(120);

      // A day and an hour later the console scrapes again: the hour becomes 12 buckets per pipe.
      const later = T0 + 60 * INTERVAL + RAW_HISTORY_MS + BUCKET_MS;
      await write(later, samples(sample('a', 999_999), sample('b', 999)));
      expect(await count(db, 'pipe_samples')).toBe(0);
      expect(await count(db, 'pipe_buckets')).toBe(24);
      const afterCompaction = await hour();
      expect(afterCompaction.map((p) => p.t)).toEqual(beforeCompaction.map((p) => p.t));
      afterCompaction.forEach((point, index) => {
        const before = beforeCompaction[index]!;
        expect(point.rowsPerSecond).toBeCloseTo(before.rowsPerSecond, 9);
        expect(point.bytesPerSecond).toBeCloseTo(before.bytesPerSecond, 9);
        expect(point.latencyMs).toBeCloseTo(before.latencyMs!, 9);
      });
      // A chart of the whole stretch reads buckets for the old part, and still merges them exactly.
      const wide = await readSeries(db, 'a', T0, later, 1);
      expect(wide).toHaveLength(1);
      expect(wide[0]!.rowsPerSecond).toBeCloseTo((60 * 60 * 60) / 3600, 9);

      // Past the retention: the buckets and the state changes of that hour are gone.
      await write(T0 + RETENTION + 61 * INTERVAL, samples(sample('a', 1_000_000), sample('b', 1_000)));
      expect(await count(db, 'pipe_buckets')).toBe(0);
      expect(await readStateChanges(db, 'a', 0)).toEqual([]);
      expect(await readSeries(db, 'a', 0, T0 + RETENTION + 61 * INTERVAL)).toEqual([]);
    });

    it('forgets a pipe the upstream stopped reporting, so a pipe with its id starts afresh', async () => {
      await write(T0, samples(sample('a', 100), sample('b', 5)));
      await write(T0 + INTERVAL, samples(sample('b', 10)));
      await write(T0 + 2 * INTERVAL, samples(sample('a', 40), sample('b', 15)));
      expect(await readSeries(db, 'a', T0, T0 + 2 * INTERVAL)).toEqual([]);
      expect((await readStateChanges(db, 'a', T0)).map((c) => c.from)).toEqual([null, null]);
    });
  });
}

contract('PGlite (embedded)', async () => {
  const db = await openTestDatabase();
  return { db, close: () => db.close() };
});

describe.skipIf(noPostgres)(`Postgres from Debian's package${noPostgres ? ` (skipped: ${noPostgres})` : ''}`, () => {
  let server: TestPostgres | undefined;
  beforeAll(async () => {
    server = await startTestPostgres();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });
  contract('through DATABASE_URL', async () => {
    const db = await openPostgres(server!.url);
    await migrate(db);
    return { db, close: () => db.close() };
  });
});
