import type { MetricsRange } from '@/lib/pipes/metrics/views';

/**
 * Query keys of the console's pipe metrics (its own routes, sampled on the server), in the order
 * every family follows: organization, service, kind, id (then the range).
 */
export const pipeMetricsKeys = {
  all: ['pipe-metrics'] as const,
  service: (organizationId: string, serviceId: string) =>
    [...pipeMetricsKeys.all, organizationId, serviceId, 'service'] as const,
  pipe: (organizationId: string, serviceId: string, pipeId: string, range: MetricsRange) =>
    [...pipeMetricsKeys.all, organizationId, serviceId, 'pipe', pipeId, range] as const,
};

/** Read again at the server's sampling interval, but never more often than every 5 s. */
export const metricsRefetchMs = (intervalMs: number | undefined) => Math.max(5_000, intervalMs ?? 30_000);

export const pipeMetricsPath = (organizationId: string, serviceId: string, ...rest: string[]) =>
  `/api/pipe-metrics/${[organizationId, serviceId, ...rest].map(encodeURIComponent).join('/')}`;
