import { useQuery } from '@tanstack/react-query';
import type { PipeTimelineView } from '@/lib/pipes/history/timeline';
import { apiFetch, type ApiRequestError } from '../client';
import type { QueryOptions } from '../query-options';
import { pipeHistoryKeys, pipeHistoryPath } from './keys';

/** Read from the console's database only (no upstream call): cheap to read again while the page is open. */
const REFETCH_MS = 5_000;

/** A pipe's stored state timeline. */
export function getPipeTimeline(
  organizationId: string,
  serviceId: string,
  pipeId: string,
  signal?: AbortSignal,
): Promise<PipeTimelineView> {
  return apiFetch<PipeTimelineView>(pipeHistoryPath(organizationId, serviceId, pipeId), { signal });
}

export function usePipeTimelineQuery<TData = PipeTimelineView>(
  organizationId: string,
  serviceId: string,
  pipeId: string,
  options: QueryOptions<PipeTimelineView, TData> = {},
) {
  return useQuery<PipeTimelineView, ApiRequestError, TData>({
    queryKey: pipeHistoryKeys.timeline(organizationId, serviceId, pipeId),
    queryFn: ({ signal }) => getPipeTimeline(organizationId, serviceId, pipeId, signal),
    refetchInterval: REFETCH_MS,
    ...options,
  });
}
