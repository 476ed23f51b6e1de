import 'server-only';
import { PipeMetricsHistory } from '@/lib/pipes/metrics/history';
import { MetricsParseError, parsePipeMetrics, type PipeSample, type PipeSamples } from '@/lib/pipes/metrics/parse';
import { ApiError } from '../errors';
import { log } from '../log';

/** A service's Prometheus text and when it was read. */
export interface Scrape {
  text: string;
  at: number;
  /** Read by another console instance (which records its history); absent when this one read it. */
  shared?: boolean;
}

/** Where a scrape this instance read goes to be kept (the console's database); never throws. */
export type RecordScrape = (scrape: {
  organizationId: string;
  serviceId: string;
  at: number;
  samples: PipeSamples;
  intervalMs: number;
}) => Promise<unknown>;

/** Fetches a service's Prometheus text; the sampler does not care where from (the upstream, or another instance's scrape). */
export type ScrapeText = (organizationId: string, serviceId: string) => Promise<Scrape>;

/** A round left out on purpose (another instance is scraping); tried again next time. */
export class ScrapeSkipped extends Error {
  override name = 'ScrapeSkipped';
}

/** People's calls came first (the upstream budget was tight), or another instance was scraping. */
const skipped = (error: unknown) =>
  error instanceof ScrapeSkipped || (error instanceof ApiError && error.code === 'UPSTREAM_BUDGET_EXHAUSTED');

export interface ScrapeFailure {
  message: string;
  at: number;
}

interface ServiceMetrics {
  history: PipeMetricsHistory;
  text?: string;
  textAt?: number;
  failure?: ScrapeFailure;
  error?: ApiError;
  /** When a scrape last gave way to people's calls (the upstream budget was tight). */
  skippedAt?: number;
  inFlight?: Promise<void>;
  watched?: boolean;
}

export const DEFAULT_INTERVAL_MS = 30_000;

/** Told of every new scrape (the pipes it saw) and of every round skipped for the budget (no pipes). */
export type ScrapeListener = (event: {
  organizationId: string;
  serviceId: string;
  at: number;
  pipes?: PipeSample[];
}) => void;

/**
 * Scrapes each watched service on a timer, whether or not anyone is looking, so that the stored
 * history has no holes (this instance's memory keeps the last day besides). One scrape serves every pipe of the service and every reader: a read
 * scrapes only when the newest scrape is older than the interval, and concurrent reads share it.
 * The services of one organization share one timer: their scrapes go out together, so a scrape
 * that serves them all (the organization-wide answer) is read once per interval.
 */
export class PipeMetricsSampler {
  private readonly services = new Map<string, ServiceMetrics>();
  private readonly organizations = new Map<string, { serviceIds: Set<string>; timer: NodeJS.Timeout }>();
  private readonly listeners = new Set<ScrapeListener>();

  constructor(
    private readonly scrapeText: ScrapeText,
    readonly intervalMs = DEFAULT_INTERVAL_MS,
    private readonly now: () => number = Date.now,
    private readonly recordScrape: RecordScrape = async () => {},
  ) {}

  private entry(organizationId: string, serviceId: string): ServiceMetrics {
    const key = `${organizationId}/${serviceId}`;
    let entry = this.services.get(key);
    if (!entry) {
      entry = { history: new PipeMetricsHistory() };
      this.services.set(key, entry);
    }
    return entry;
  }

  /** Keeps sampling the service in the background from now on. */
  watch(organizationId: string, serviceId: string): void {
    const entry = this.entry(organizationId, serviceId);
    if (entry.watched) return;
    entry.watched = true;
    let organization = this.organizations.get(organizationId);
    if (!organization) {
      const serviceIds = new Set<string>();
      const timer = setInterval(() => {
        for (const id of serviceIds) void this.scrape(organizationId, id, this.entry(organizationId, id));
      }, this.intervalMs);
      timer.unref();
      organization = { serviceIds, timer };
      this.organizations.set(organizationId, organization);
    }
    organization.serviceIds.add(serviceId);
    void this.scrape(organizationId, serviceId, entry);
  }

  /** Called once per new scrape from now on; returns the way to stop listening. */
  onScrape(listener: ScrapeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private tell(event: Parameters<ScrapeListener>[0]): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        log.warn({ err: error }, 'a pipe metrics listener failed');
      }
    }
  }

  stop(): void {
    for (const organization of this.organizations.values()) clearInterval(organization.timer);
    this.organizations.clear();
    this.services.clear();
  }

  private scrape(organizationId: string, serviceId: string, entry: ServiceMetrics): Promise<void> {
    entry.inFlight ??= (async () => {
      const at = this.now();
      try {
        const scrape = await this.scrapeText(organizationId, serviceId);
        // Another instance's scrape this one already holds: nothing new.
        if (entry.history.sampledAt !== null && scrape.at <= entry.history.sampledAt) {
          entry.skippedAt = at;
          return;
        }
        const { text } = scrape;
        const samples = parsePipeMetrics(text);
        entry.history.add(scrape.at, samples);
        // Kept by the instance that read it, once for all instances; awaited, so a read after this scrape finds it stored.
        if (!scrape.shared)
          await this.recordScrape({ organizationId, serviceId, at: scrape.at, samples, intervalMs: this.intervalMs });
        this.tell({ organizationId, serviceId, at: scrape.at, pipes: [...samples.values()] });
        entry.text = text;
        entry.textAt = scrape.at;
        entry.failure = undefined;
        entry.error = undefined;
      } catch (error) {
        // A scrape that gave way to people's calls is tried again next time; what was shown stays.
        if (skipped(error) && entry.history.sampledAt !== null) {
          entry.skippedAt = at;
          this.tell({ organizationId, serviceId, at });
          log.info(
            { serviceId, reason: error instanceof Error ? error.message : undefined },
            'pipe metrics scrape skipped',
          );
          return;
        }
        entry.error =
          error instanceof ApiError
            ? error
            : new ApiError(
                502,
                'UPSTREAM_BAD_RESPONSE',
                `The cloud API's metrics could not be read: ${error instanceof MetricsParseError ? error.message : 'unexpected answer'}`,
              );
        entry.failure = { message: entry.error.message, at };
        log.warn(
          { serviceId, code: entry.error.code, err: error instanceof ApiError ? undefined : error },
          'pipe metrics scrape failed',
        );
      } finally {
        entry.inFlight = undefined;
      }
    })();
    return entry.inFlight;
  }

  /**
   * The service's metrics as the last scrape left them, without waiting for one (a page being
   * rendered shows these; its browser reads again at the interval). Watching starts as for `read`.
   */
  current(organizationId: string, serviceId: string): { history: PipeMetricsHistory; failure?: ScrapeFailure } {
    this.watch(organizationId, serviceId);
    const entry = this.entry(organizationId, serviceId);
    return { history: entry.history, failure: entry.failure };
  }

  /** The service's metrics, scraped first when the newest scrape is older than the interval. */
  async read(
    organizationId: string,
    serviceId: string,
  ): Promise<{ history: PipeMetricsHistory; failure?: ScrapeFailure }> {
    this.watch(organizationId, serviceId);
    const entry = this.entry(organizationId, serviceId);
    const newest = Math.max(
      entry.history.sampledAt ?? -Infinity,
      entry.failure?.at ?? -Infinity,
      entry.skippedAt ?? -Infinity,
    );
    if (entry.inFlight || this.now() - newest >= this.intervalMs) await this.scrape(organizationId, serviceId, entry);
    return { history: entry.history, failure: entry.failure };
  }

  /** The newest Prometheus text as the upstream sent it, or the error of the newest scrape. */
  async text(organizationId: string, serviceId: string): Promise<string> {
    await this.read(organizationId, serviceId);
    const entry = this.entry(organizationId, serviceId);
    if (entry.error) throw entry.error;
    return entry.text ?? '';
  }
}
