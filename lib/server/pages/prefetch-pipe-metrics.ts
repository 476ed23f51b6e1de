import 'server-only';
import { dehydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { pipeMetricsKeys } from '@/lib/api/pipe-metrics/keys';
import type { MetricsRange, PipeMetricsDetail } from '@/lib/pipes/metrics/views';
import { log } from '../log';
import { readPipeMetricsDetail } from '../pipe-metrics/views';
import { pipeParams } from '../route-params';
import { currentUser } from '../session';
import { PAGE_READ_TIMEOUT_MS } from './page-read';

/**
 * The pipe's totals and series for its page, read from the console's own history while the page
 * renders: the first chart is drawn as soon as its code has loaded, without a round trip to the BFF
 * first. What the last scrape left is used (the page never waits on the upstream for it, except for
 * a service's very first scrape); past the page read's deadline (or on any failure) the page is sent
 * without them and the browser reads them, with its usual states.
 */
export async function prefetchPipeMetrics(
  organizationId: string,
  serviceId: string,
  pipeId: string,
  range: MetricsRange,
): Promise<DehydratedState | undefined> {
  const params = pipeParams.safeParse({ organizationId, serviceId, pipeId });
  if (!params.success || !(await currentUser())) return undefined;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, PAGE_READ_TIMEOUT_MS, undefined);
  });
  const read = readPipeMetricsDetail(params.data, range, { waitForScrape: false }).catch((error: unknown) => {
    log.warn({ err: error, pipeId }, 'pipe metrics could not be read for the page; the browser reads them');
    return undefined;
  });
  let detail: PipeMetricsDetail | undefined;
  try {
    detail = await Promise.race([read, deadline]);
  } finally {
    clearTimeout(timer);
  }
  if (!detail) return undefined;
  const client = new QueryClient();
  client.setQueryData(pipeMetricsKeys.pipe(organizationId, serviceId, pipeId, range), detail);
  return dehydrate(client);
}
