import { useQuery } from '@tanstack/react-query';
import type { ServicePipeMetrics } from '@/lib/pipes/metrics/views';
import { apiFetch, type ApiRequestError } from '../client';
import type { QueryOptions } from '../query-options';
import { metricsRefetchMs, pipeMetricsKeys, pipeMetricsPath } from './keys';

/** Every pipe's current rates and totals: one request for the whole list, whatever its length. */
export function getServicePipeMetrics(
  organizationId: string,
  serviceId: string,
  signal?: AbortSignal,
): Promise<ServicePipeMetrics> {
  return apiFetch<ServicePipeMetrics>(pipeMetricsPath(organizationId, serviceId), { signal });
}

export function useServicePipeMetricsQuery<TData = ServicePipeMetrics>(
  organizationId: string,
  serviceId: string,
  options: QueryOptions<ServicePipeMetrics, TData> = {},
) {
  return useQuery<ServicePipeMetrics, ApiRequestError, TData>({
    queryKey: pipeMetricsKeys.service(organizationId, serviceId),
    queryFn: ({ signal }) => getServicePipeMetrics(organizationId, serviceId, signal),
    refetchInterval: (query) => metricsRefetchMs(query.state.data?.intervalMs),
    ...options,
  });
}
