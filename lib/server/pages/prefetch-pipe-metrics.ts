import 'server-only';
import { dehydrate, QueryClient, type DehydratedState, type QueryKey } from '@tanstack/react-query';
import { pipeMetricsKeys } from '@/lib/api/pipe-metrics/keys';
import type { MetricsRange } from '@/lib/pipes/metrics/views';
import { log } from '../log';
import { readPipeMetricsDetail, readServicePipeMetrics } from '../pipe-metrics/views';
import { pipeParams, serviceParams } from '../route-params';
import { currentUser } from '../session';
import { PAGE_READ_TIMEOUT_MS } from './page-read';

/**
 * The pipe metrics a page shows, read from the console's own sampler and history while the page
 * renders: they arrive with the page instead of after a round trip to the BFF. What the last scrape
 * left is used (the page never waits on the upstream for it, except for a service's very first
 * scrape); past the page read's deadline (or on any failure) the page is sent without them and the
 * browser reads them, with its usual states.
 */
async function prefetchWithinDeadline(
  queryKey: QueryKey,
  read: () => Promise<unknown>,
  what: Record<string, string>,
): Promise<DehydratedState | undefined> {
  if (!(await currentUser())) return undefined;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, PAGE_READ_TIMEOUT_MS, undefined);
  });
  const reading = read().catch((error: unknown) => {
    log.warn({ err: error, ...what }, 'pipe metrics could not be read for the page; the browser reads them');
    return undefined;
  });
  let data: unknown;
  try {
    data = await Promise.race([reading, deadline]);
  } finally {
    clearTimeout(timer);
  }
  if (data === undefined) return undefined;
  const client = new QueryClient();
  client.setQueryData(queryKey, data);
  return dehydrate(client);
}

/** A pipe's totals and series for its page: the first chart is drawn as soon as its code has loaded. */
export async function prefetchPipeMetrics(
  organizationId: string,
  serviceId: string,
  pipeId: string,
  range: MetricsRange,
): Promise<DehydratedState | undefined> {
  const params = pipeParams.safeParse({ organizationId, serviceId, pipeId });
  if (!params.success) return undefined;
  return prefetchWithinDeadline(
    pipeMetricsKeys.pipe(organizationId, serviceId, pipeId, range),
    () => readPipeMetricsDetail(params.data, range, { waitForScrape: false }),
    { pipeId },
  );
}

/**
 * Every pipe of a service with its name and state as the newest scrape saw them (the overview's
 * pipes by state and failing pipes): no upstream call of its own, the organization-wide scrape
 * serving every service at once.
 */
export async function prefetchServicePipeMetrics(
  organizationId: string,
  serviceId: string,
): Promise<DehydratedState | undefined> {
  const params = serviceParams.safeParse({ organizationId, serviceId });
  if (!params.success) return undefined;
  return prefetchWithinDeadline(
    pipeMetricsKeys.service(organizationId, serviceId),
    () => readServicePipeMetrics(params.data, { waitForScrape: false }),
    { serviceId },
  );
}
