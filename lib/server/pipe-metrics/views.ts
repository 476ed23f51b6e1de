import 'server-only';
import { METRICS_RANGE_MS, parseMetricsRange, type PipeMetricsDetail, type ServicePipeMetrics } from '@/lib/pipes/metrics/views';
import { jsonResponse } from '../errors';
import type { PipeParams, ServiceParams } from '../route-params';
import { pipeMetricsSampler } from './service';

export async function servicePipeMetrics(p: ServiceParams): Promise<Response> {
  const sampler = pipeMetricsSampler();
  const { history, failure } = await sampler.read(p.organizationId, p.serviceId);
  const body: ServicePipeMetrics = {
    sampledAt: history.sampledAt,
    intervalMs: sampler.intervalMs,
    pipes: Object.fromEntries(history.summaries().map((s) => [s.id, s])),
  };
  if (failure) body.failure = failure;
  return jsonResponse(body, 200, { 'cache-control': 'no-store' });
}

export async function pipeMetricsDetail(p: PipeParams, request: Request): Promise<Response> {
  const sampler = pipeMetricsSampler();
  const { history, failure } = await sampler.read(p.organizationId, p.serviceId);
  const range = parseMetricsRange(new URL(request.url).searchParams.get('range'));
  const to = Date.now();
  const from = to - METRICS_RANGE_MS[range];
  const body: PipeMetricsDetail = {
    sampledAt: history.sampledAt,
    intervalMs: sampler.intervalMs,
    range,
    from,
    to,
    summary: history.summary(p.pipeId) ?? null,
    series: history.series(p.pipeId, from, to),
  };
  if (failure) body.failure = failure;
  return jsonResponse(body, 200, { 'cache-control': 'no-store' });
}
