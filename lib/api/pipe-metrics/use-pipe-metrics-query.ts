import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MetricsRange, PipeMetricsDetail } from '@/lib/pipes/metrics/views';
import { apiFetch } from '../client';
import { metricsRefetchMs, pipeMetricsKeys, pipeMetricsPath } from './keys';

export function usePipeMetricsQuery(organizationId: string, serviceId: string, pipeId: string, range: MetricsRange) {
  return useQuery({
    queryKey: pipeMetricsKeys.pipe(organizationId, serviceId, pipeId, range),
    queryFn: ({ signal }) =>
      apiFetch<PipeMetricsDetail>(`${pipeMetricsPath(organizationId, serviceId, pipeId)}?range=${range}`, { signal }),
    refetchInterval: (query) => metricsRefetchMs(query.state.data?.intervalMs),
    // Switching the range keeps the charts of the previous one until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
