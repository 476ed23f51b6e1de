import { useQuery } from '@tanstack/react-query';
import type { ServicePipeMetrics } from '@/lib/pipes/metrics/views';
import { apiFetch } from '../client';
import { metricsRefetchMs, pipeMetricsKeys, pipeMetricsPath } from './keys';

/** Every pipe's current rates and totals: one request for the whole list, whatever its length. */
export function useServicePipeMetricsQuery(organizationId: string, serviceId: string) {
  return useQuery({
    queryKey: pipeMetricsKeys.service(organizationId, serviceId),
    queryFn: ({ signal }) => apiFetch<ServicePipeMetrics>(pipeMetricsPath(organizationId, serviceId), { signal }),
    refetchInterval: (query) => metricsRefetchMs(query.state.data?.intervalMs),
  });
}
