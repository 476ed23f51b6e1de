import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MetricsRange, PipeMetricsDetail } from '@/lib/pipes/metrics/views';
import { apiFetch, type ApiRequestError } from '../client';
import type { QueryOptions } from '../query-options';
import { metricsRefetchMs, pipeMetricsKeys, pipeMetricsPath } from './keys';

/** One pipe's metrics over a range. */
export function getPipeMetrics(
  organizationId: string,
  serviceId: string,
  pipeId: string,
  range: MetricsRange,
  signal?: AbortSignal,
): Promise<PipeMetricsDetail> {
  return apiFetch<PipeMetricsDetail>(`${pipeMetricsPath(organizationId, serviceId, pipeId)}?range=${range}`, {
    signal,
  });
}

export function usePipeMetricsQuery<TData = PipeMetricsDetail>(
  organizationId: string,
  serviceId: string,
  pipeId: string,
  range: MetricsRange,
  options: QueryOptions<PipeMetricsDetail, TData> = {},
) {
  return useQuery<PipeMetricsDetail, ApiRequestError, TData>({
    queryKey: pipeMetricsKeys.pipe(organizationId, serviceId, pipeId, range),
    queryFn: ({ signal }) => getPipeMetrics(organizationId, serviceId, pipeId, range, signal),
    refetchInterval: (query) => metricsRefetchMs(query.state.data?.intervalMs),
    // Switching the range keeps the charts of the previous one until the new ones arrive.
    placeholderData: keepPreviousData,
    ...options,
  });
}
