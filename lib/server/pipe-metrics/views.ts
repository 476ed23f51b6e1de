import 'server-only';
import {
  METRICS_RANGE_MS,
  parseMetricsRange,
  type MetricsRange,
  type PipeMetricsDetail,
  type ServicePipeMetrics,
} from '@/lib/pipes/metrics/views';
import type { PipePoint } from '@/lib/pipes/metrics/history';
import { jsonResponse } from '../errors';
import { log } from '../log';
import { pipeSeries } from '../pipe-history/read';
import { DAY_MS, metricsRetentionDays } from '../pipe-history/retention';
import type { PipeParams, ServiceParams } from '../route-params';
import { pipeMetricsSampler } from './service';

export async function servicePipeMetrics(p: ServiceParams): Promise<Response> {
  return jsonResponse(await readServicePipeMetrics(p), 200, { 'cache-control': 'no-store' });
}

/**
 * Every pipe of the service as of the newest scrape (ids, names, states, totals and rates). With
 * `waitForScrape: false` (a page being rendered) what the last scrape left is enough; only a service
 * never scraped yet waits for its first. The scrape is the organization-wide one where the upstream
 * serves it, so this costs no upstream call of its own.
 */
export async function readServicePipeMetrics(
  p: ServiceParams,
  { waitForScrape = true }: { waitForScrape?: boolean } = {},
): Promise<ServicePipeMetrics> {
  const sampler = pipeMetricsSampler();
  const current = sampler.current(p.organizationId, p.serviceId);
  const { history, failure } =
    waitForScrape || current.history.sampledAt === null ? await sampler.read(p.organizationId, p.serviceId) : current;
  const body: ServicePipeMetrics = {
    sampledAt: history.sampledAt,
    intervalMs: sampler.intervalMs,
    pipes: Object.fromEntries(history.summaries().map((s) => [s.id, s])),
  };
  if (failure) body.failure = failure;
  return body;
}

export async function pipeMetricsDetail(p: PipeParams, request: Request): Promise<Response> {
  const range = parseMetricsRange(new URL(request.url).searchParams.get('range'));
  return jsonResponse(await readPipeMetricsDetail(p, range), 200, { 'cache-control': 'no-store' });
}

/**
 * A pipe's totals and its series over the range: what its page's metrics panel draws. With
 * `waitForScrape: false` (a page being rendered) what the last scrape left is enough; only a
 * service never scraped yet waits for its first.
 */
export async function readPipeMetricsDetail(
  p: PipeParams,
  range: MetricsRange,
  { waitForScrape = true }: { waitForScrape?: boolean } = {},
): Promise<PipeMetricsDetail> {
  const sampler = pipeMetricsSampler();
  const current = sampler.current(p.organizationId, p.serviceId);
  const { history, failure } =
    waitForScrape || current.history.sampledAt === null ? await sampler.read(p.organizationId, p.serviceId) : current;
  const retentionDays = metricsRetentionDays();
  const to = Date.now();
  const from = to - Math.min(METRICS_RANGE_MS[range], retentionDays * DAY_MS);
  // The stored history, which every console instance reads alike and which outlives a restart;
  // this process's own memory of the last day when the database cannot be read.
  let series: PipePoint[];
  let historyFailure: string | undefined;
  try {
    series = await pipeSeries(p.pipeId, from, to);
  } catch (error) {
    log.error({ err: error, pipeId: p.pipeId }, 'pipe history could not be read');
    historyFailure = 'The stored history could not be read; the charts show what this console saw in the last day.';
    series = history.series(p.pipeId, from, to);
  }
  const body: PipeMetricsDetail = {
    sampledAt: history.sampledAt,
    intervalMs: sampler.intervalMs,
    range,
    retentionDays,
    from,
    to,
    summary: history.summary(p.pipeId) ?? null,
    series,
  };
  if (failure) body.failure = failure;
  if (historyFailure) body.historyFailure = historyFailure;
  return body;
}
