import { useQuery } from '@tanstack/react-query';
import type { PipeRecord } from '@/lib/schemas/pipes/record';
import { cloudFetch, servicePath, type ApiRequestError } from '../client';
import type { QueryOptions } from '../query-options';
import { PIPE_POLL_INTERVAL_MS, pipeKeys } from './keys';
import { pipeIsSettling } from './pipe-polling';

/** One data pipe. */
export function getPipe(
  organizationId: string,
  serviceId: string,
  pipeId: string,
  signal?: AbortSignal,
): Promise<PipeRecord> {
  return cloudFetch<PipeRecord>(servicePath(organizationId, serviceId, 'datapipes', pipeId), { signal });
}

/** `enabled: false` stops reading a pipe that is being deleted, so its removal does not fetch a 404. */
export function usePipeQuery<TData = PipeRecord>(
  organizationId: string,
  serviceId: string,
  pipeId: string,
  options: QueryOptions<PipeRecord, TData> = {},
) {
  return useQuery<PipeRecord, ApiRequestError, TData>({
    queryKey: pipeKeys.detail(organizationId, serviceId, pipeId),
    queryFn: ({ signal }) => getPipe(organizationId, serviceId, pipeId, signal),
    // Settling pipes change by themselves; settled ones only change when someone acts.
    refetchInterval: (query) => (query.state.data && pipeIsSettling(query.state.data) ? PIPE_POLL_INTERVAL_MS : false),
    ...options,
  });
}
