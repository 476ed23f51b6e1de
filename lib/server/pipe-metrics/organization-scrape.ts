import 'server-only';
import { hasPipeSeries, splitByService } from '@/lib/pipes/metrics/by-service';
import { sharedStore } from '../shared-state';
import { log } from '../log';
import type { Scrape, ScrapeText } from './sampler';
import { sharedScrape } from './shared-scrape';

/**
 * Pipe metrics for every service of an organization from one upstream call per interval: the
 * organization-wide Prometheus answer (`GET /v1/organizations/{org}/prometheus`), split by the
 * `clickhouse_service` label every series carries. N services then cost one call per interval
 * instead of N, the difference between fitting the cloud's budget (about 10 requests per 10 s)
 * and not.
 *
 * The vendor marks that endpoint deprecated and unavailable to new organizations, so it may be
 * refused; a refusal (403 or 404) sends every service back to its own scrape
 * (`…/services/{id}/prometheus`) for `REFUSAL_MS`, logged once, then the organization endpoint is
 * tried again. A service whose part holds no pipe series is checked once with its own scrape: if
 * that one has pipes the organization answer does not carry them for it (it is read on its own from
 * then on, for a while); if not, the service has no pipes and its part serves.
 *
 * Several instances share the organization scrape as they shared each service's (./shared-scrape.ts,
 * through Redis): one instance calls, the others read its text. Each service's part is then
 * recorded by the first instance that takes it, told by a counter in the shared store.
 */

/** How long a refusal, or a service's own-scrape verdict, stands before the organization endpoint is tried again. */
export const REFUSAL_MS = 10 * 60_000;
/** The key the organization-wide scrape is shared under (a service id is a UUID, never this). */
const ORGANIZATION_KEY = 'organization';

export type ScrapeSource = 'organization' | 'service';

export interface OrganizationScrapeOptions {
  /** The organization-wide Prometheus text from the upstream. */
  fetchOrganization: (organizationId: string) => Promise<string>;
  /** One service's Prometheus text from the upstream. */
  fetchService: (organizationId: string, serviceId: string) => Promise<string>;
  intervalMs: number;
  now?: () => number;
  /** Told of every upstream scrape, by where it went (the console's /metrics counts them). */
  onUpstreamScrape?: (source: ScrapeSource) => void;
  /** Told of the services each organization scrape holds, so that all of them are sampled, not only those opened. */
  onServices?: (organizationId: string, serviceIds: string[]) => void;
}

/**
 * Whether the upstream refused the organization endpoint itself. A 5xx is not a refusal: while the
 * upstream is failing, every service's own scrape fails too, and falling back for ten minutes would
 * spend N calls an interval of the shared budget after it is back (the fault bench saw people wait
 * 17 s longer to read again); the round fails and the next one asks the organization again.
 */
function refused(error: unknown): boolean {
  const status = (error as { upstreamStatus?: unknown } | null)?.upstreamStatus;
  return status === 403 || status === 404;
}

/** An organization scrape, as one text per service. */
interface SplitScrape {
  at: number;
  parts: Map<string, string>;
}

interface OrganizationState {
  refusedUntil: number;
  /** Why the last refusal came; logged once until the endpoint answers again. */
  refusalLogged: boolean;
  latest?: SplitScrape;
  inFlight?: Promise<SplitScrape>;
  /** Services read on their own until the time given: the organization answer lacks their pipes. */
  ownScrape: Map<string, number>;
  /** Services whose own scrape had no pipes either, until the time given: their part of the answer serves. */
  noPipes: Map<string, number>;
  /** When each service was first asked for: an answer taken before that may predate the service. */
  firstAsked: Map<string, number>;
}

export interface OrganizationScrape extends ScrapeText {
  /** Where a service's pipe metrics come from now (for /metrics and the tests). */
  sourceOf(organizationId: string, serviceId: string): ScrapeSource;
}

export function organizationScrape(options: OrganizationScrapeOptions): OrganizationScrape {
  const { intervalMs, now = Date.now, onUpstreamScrape } = options;
  const organizations = new Map<string, OrganizationState>();
  const stateOf = (organizationId: string) => {
    let state = organizations.get(organizationId);
    if (!state) {
      state = {
        refusedUntil: 0,
        refusalLogged: false,
        ownScrape: new Map(),
        noPipes: new Map(),
        firstAsked: new Map(),
      };
      organizations.set(organizationId, state);
    }
    return state;
  };

  const serviceScrape = sharedScrape(
    async (organizationId, serviceId) => {
      onUpstreamScrape?.('service');
      return options.fetchService(organizationId, serviceId);
    },
    intervalMs,
    now,
  );
  const wholeScrape = sharedScrape(
    async (organizationId) => {
      onUpstreamScrape?.('organization');
      return options.fetchOrganization(organizationId);
    },
    intervalMs,
    now,
  );

  /** The newest organization scrape, split: one per interval whoever asks (the timers of all services fire together). */
  async function latest(organizationId: string, state: OrganizationState, notBefore = -Infinity) {
    if (state.latest && now() - state.latest.at < intervalMs * 0.9 && state.latest.at >= notBefore) return state.latest;
    state.inFlight ??= (async () => {
      try {
        const scrape = await wholeScrape(organizationId, ORGANIZATION_KEY);
        state.latest = { at: scrape.at, parts: splitByService(scrape.text) };
        options.onServices?.(organizationId, [...state.latest.parts.keys()]);
        return state.latest;
      } finally {
        state.inFlight = undefined;
      }
    })();
    return state.inFlight;
  }

  /** Whether this instance is the first to take the service's part of this scrape (and so records it). */
  async function firstToTake(organizationId: string, serviceId: string, at: number) {
    const store = sharedStore();
    if (store.kind === 'memory') return true;
    const key = `pipe-metrics:taken:${organizationId}:${serviceId}:${at}`;
    // Redis away: not recorded by anyone rather than by every instance (see shared-scrape).
    const first = (await store.increment(key).catch(() => 0)) === 1;
    // The counter is only needed while instances take this scrape; a value of 1 left behind still says "taken".
    if (first) await store.set(key, '1', intervalMs * 2);
    return first;
  }

  const active = (until: number | undefined) => until !== undefined && until > now();

  async function scrape(organizationId: string, serviceId: string): Promise<Scrape> {
    const state = stateOf(organizationId);
    if (!state.firstAsked.has(serviceId)) state.firstAsked.set(serviceId, now());
    const firstAsked = state.firstAsked.get(serviceId)!;
    if (state.refusedUntil > now() || active(state.ownScrape.get(serviceId)))
      return serviceScrape(organizationId, serviceId);
    let whole: SplitScrape;
    try {
      whole = await latest(organizationId, state);
      // The answer has every service the key may view, each with at least its service series: one
      // without a part was likely created after the answer was taken (a service just added). One
      // newer answer serves it and every other new service, instead of a verdict that would read
      // each on its own for ten minutes.
      if (!whole.parts.has(serviceId) && whole.at < firstAsked) whole = await latest(organizationId, state, firstAsked);
    } catch (error) {
      if (!refused(error)) throw error;
      state.refusedUntil = now() + REFUSAL_MS;
      if (!state.refusalLogged) {
        state.refusalLogged = true;
        log.warn(
          { organizationId, reason: error instanceof Error ? error.message : undefined, retryInMs: REFUSAL_MS },
          'the organization-wide Prometheus endpoint is refused; pipe metrics are read per service',
        );
      }
      return serviceScrape(organizationId, serviceId);
    }
    state.refusalLogged = false;
    const part = whole.parts.get(serviceId) ?? '';
    if (hasPipeSeries(part) || active(state.noPipes.get(serviceId))) {
      const taken = await firstToTake(organizationId, serviceId, whole.at);
      return taken ? { text: part, at: whole.at } : { text: part, at: whole.at, shared: true };
    }
    // No pipe series for the service: it has no pipes, or the organization answer does not carry them.
    const own = await serviceScrape(organizationId, serviceId);
    // An answer that still predates the service (another instance's, shared): no verdict from it.
    if (!whole.parts.has(serviceId) && whole.at < firstAsked) return own;
    if (hasPipeSeries(own.text)) {
      state.ownScrape.set(serviceId, now() + REFUSAL_MS);
      log.info({ organizationId, serviceId }, 'the organization-wide Prometheus answer lacks this service’s pipes');
    } else state.noPipes.set(serviceId, now() + REFUSAL_MS);
    return own;
  }

  return Object.assign(scrape, {
    sourceOf(organizationId: string, serviceId: string): ScrapeSource {
      const state = organizations.get(organizationId);
      if (!state) return 'organization';
      return state.refusedUntil > now() || active(state.ownScrape.get(serviceId)) ? 'service' : 'organization';
    },
  });
}
