import 'server-only';
import { UUID_PATTERN } from '@/lib/schemas/ids';
import { cloudConfig, consoleContext, wholeNumberFromEnv } from '../env';
import { log } from '../log';
import { upstreamRequest } from '../upstream/http';
import { cloudApi } from '../upstream/typed';
import { recordScrape } from '../pipe-history/record';
import { pipeMetricsScrapes } from './metrics';
import { organizationScrape } from './organization-scrape';
import { DEFAULT_INTERVAL_MS, PipeMetricsSampler } from './sampler';

/** `PIPE_METRICS_INTERVAL_MS`: how often the console scrapes; at least a second. */
export function samplingIntervalMs(): number {
  return wholeNumberFromEnv('PIPE_METRICS_INTERVAL_MS', DEFAULT_INTERVAL_MS);
}

/**
 * One scrape, as a background read: behind every person's call, never in the share of the budget
 * kept for people, not retried, and refused after a short wait (the sampler then skips a round).
 * Not from the read cache: each scrape must be new for the rates between scrapes to mean anything.
 * `serviceId` absent: the organization-wide answer, every service's series in one text.
 */
async function scrapeCloud(organizationId: string, serviceId?: string): Promise<string> {
  const where = serviceId
    ? cloudApi.path('get', '/v1/organizations/{organizationId}/services/{serviceId}/prometheus', {
        params: { organizationId, serviceId },
      })
    : cloudApi.path('get', '/v1/organizations/{organizationId}/prometheus', { params: { organizationId } });
  const path = `${where}?filtered_metrics=true`;
  const result = await upstreamRequest({
    upstream: cloudConfig(),
    method: 'GET',
    path,
    expect: 'text',
    background: true,
    cache: false,
    retries: 0,
  });
  return result.text;
}

const holder = globalThis as typeof globalThis & { __sluicePipeMetrics?: PipeMetricsSampler };

/** One sampler per process (held on globalThis, since Next may load this module more than once). */
export function pipeMetricsSampler(): PipeMetricsSampler {
  if (!holder.__sluicePipeMetrics) {
    const intervalMs = samplingIntervalMs();
    const scrape = organizationScrape({
      fetchOrganization: (organizationId) => scrapeCloud(organizationId),
      fetchService: scrapeCloud,
      intervalMs,
      onUpstreamScrape: (source) => pipeMetricsScrapes.inc({ source }),
      // Every service the organization answer holds is sampled from then on: its history and notifications need no visit.
      onServices: (organizationId, serviceIds) => {
        // Ids read from the upstream's text go into upstream paths later: only well-formed ones.
        for (const serviceId of serviceIds.filter((id) => UUID_PATTERN.test(id)))
          holder.__sluicePipeMetrics?.watch(organizationId, serviceId);
      },
    });
    holder.__sluicePipeMetrics = new PipeMetricsSampler(scrape, intervalMs, Date.now, recordScrape);
  }
  return holder.__sluicePipeMetrics;
}

/** Starts sampling when the server starts: the default service, and with it every service the organization answer holds. */
export function startPipeMetricsSampling(): void {
  try {
    const { organizationId, serviceId } = consoleContext();
    pipeMetricsSampler().watch(organizationId, serviceId);
  } catch (error) {
    // An unconfigured console still starts; its pages say what is missing.
    log.warn({ err: error }, 'pipe metrics sampling not started');
  }
}

/** Tests start each case with no history. */
export function resetPipeMetricsSampler(): void {
  holder.__sluicePipeMetrics?.stop();
  holder.__sluicePipeMetrics = undefined;
}
