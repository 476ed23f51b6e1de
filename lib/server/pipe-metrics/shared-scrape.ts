import 'server-only';
import { LockTimeoutError, sharedStore } from '../shared-state';
import { log } from '../log';
import { ScrapeSkipped, type Scrape } from './sampler';

/**
 * Several consoles behind a load balancer each keep their own history, but the upstream is
 * scraped once per interval for all of them: with Redis (`REDIS_URL`) the newest scrape (its text
 * and time) is kept in the shared state, and an instance whose turn comes finds it there instead of
 * calling the upstream again. One instance scrapes at a time, under a lock; the others wait for its
 * answer. Without Redis there is one instance, and nothing to share.
 */

/** Long enough for a scrape that waits its turn for the budget and then for its answer. */
const LOCK_TTL_MS = 20_000;
/** How long an instance waits for another instance's scrape before it skips the round. */
const LOCK_WAIT_MS = 5_000;

interface Stored {
  at: number;
  text: string;
}

export function sharedScrape(
  fetchText: (organizationId: string, serviceId: string) => Promise<string>,
  intervalMs: number,
  now: () => number = Date.now,
  lockWaitMs = LOCK_WAIT_MS,
): (organizationId: string, serviceId: string) => Promise<Scrape> {
  return async (organizationId, serviceId) => {
    const store = sharedStore();
    if (store.kind === 'memory') return { text: await fetchText(organizationId, serviceId), at: now() };
    const key = `pipe-metrics:scrape:${organizationId}:${serviceId}`;
    // A scrape newer than most of an interval serves this round too (timers of instances drift).
    const fresh = async (): Promise<Scrape | undefined> => {
      const raw = await store.get(key);
      const stored = raw ? (JSON.parse(raw) as Stored) : undefined;
      // Another instance read it, and wrote its history: this one only shows it.
      return stored && now() - stored.at < intervalMs * 0.9 ? { ...stored, shared: true } : undefined;
    };
    // Redis away: each instance scrapes alone (within its share of the budget), so pipe states and
    // notifications go on; none records the history meanwhile, which would count each gain twice.
    const alone = async (error: unknown): Promise<Scrape> => {
      log.debug({ err: error, serviceId }, 'shared state unavailable: pipe metrics scraped by this instance alone');
      return { text: await fetchText(organizationId, serviceId), at: now(), shared: true };
    };
    let found: Scrape | undefined;
    try {
      found = await fresh();
    } catch (error) {
      return alone(error);
    }
    if (found) return found;
    let upstreamFailure: unknown;
    try {
      return await store.withLock(
        `pipe-metrics:${organizationId}:${serviceId}`,
        { ttlMs: LOCK_TTL_MS, waitMs: lockWaitMs },
        async () => {
          const meanwhile = await fresh();
          if (meanwhile) return meanwhile;
          const text = await fetchText(organizationId, serviceId).catch((error: unknown) => {
            upstreamFailure = error;
            throw error;
          });
          const scrape = { text, at: now() };
          await store.set(key, JSON.stringify(scrape), intervalMs * 2);
          return scrape;
        },
      );
    } catch (error) {
      if (error instanceof LockTimeoutError) throw new ScrapeSkipped('another console instance is scraping');
      if (upstreamFailure !== undefined) throw error;
      return alone(error);
    }
  };
}
