import { useQuery } from '@tanstack/react-query';
import type { PipeRecord } from '@/lib/schemas/pipes/record';
import { cloudFetch, servicePath, type ApiRequestError } from '../client';
import type { QueryOptions } from '../query-options';
import { PIPE_POLL_INTERVAL_MS, pipeKeys } from './keys';
import { pipeIsSettling } from './pipe-polling';

/** The service's data pipes. */
export function getPipes(organizationId: string, serviceId: string, signal?: AbortSignal): Promise<PipeRecord[]> {
  return cloudFetch<PipeRecord[]>(servicePath(organizationId, serviceId, 'datapipes'), { signal });
}

export function usePipesQuery<TData = PipeRecord[]>(
  organizationId: string,
  serviceId: string,
  options: QueryOptions<PipeRecord[], TData> = {},
) {
  return useQuery<PipeRecord[], ApiRequestError, TData>({
    queryKey: pipeKeys.list(organizationId, serviceId),
    queryFn: ({ signal }) => getPipes(organizationId, serviceId, signal),
    // Settling pipes change by themselves; settled ones only change when someone acts.
    refetchInterval: (query) => (query.state.data?.some(pipeIsSettling) ? PIPE_POLL_INTERVAL_MS : false),
    ...options,
  });
}
