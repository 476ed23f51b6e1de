import 'server-only';
import { cloudConfig, consoleContext, wholeNumberFromEnv } from '../env';
import { log } from '../log';
import { upstreamRequest } from '../upstream/http';
import { encodePath } from '../upstream/cloud';
import { recordScrape } from '../pipe-history/record';
import { DEFAULT_INTERVAL_MS, PipeMetricsSampler } from './sampler';
import { sharedScrape } from './shared-scrape';

/** `PIPE_METRICS_INTERVAL_MS`: how often the console scrapes; at least a second. */
export function samplingIntervalMs(): number {
  return wholeNumberFromEnv('PIPE_METRICS_INTERVAL_MS', DEFAULT_INTERVAL_MS);
}

/**
 * One scrape, as a background read: behind every person's call, never in the share of the budget
 * kept for people, not retried, and refused after a short wait (the sampler then skips a round).
 * Not from the read cache: each scrape must be new for the rates between scrapes to mean anything.
 */
async function scrapeCloud(organizationId: string, serviceId: string): Promise<string> {
  const path = `${encodePath(['v1', 'organizations', organizationId, 'services', serviceId, 'prometheus'])}?filtered_metrics=true`;
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
    holder.__sluicePipeMetrics = new PipeMetricsSampler(
      sharedScrape(scrapeCloud, intervalMs),
      intervalMs,
      Date.now,
      recordScrape,
    );
  }
  return holder.__sluicePipeMetrics;
}

/** Starts sampling the console's own service when the server starts. */
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
