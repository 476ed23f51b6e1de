import { useQuery } from '@tanstack/react-query';
import type { PipeTimelineView } from '@/lib/pipes/history/timeline';
import { apiFetch } from '../client';
import { pipeHistoryKeys, pipeHistoryPath } from './keys';

/** Read from the console's database only (no upstream call): cheap to read again while the page is open. */
const REFETCH_MS = 5_000;

export function usePipeTimelineQuery(organizationId: string, serviceId: string, pipeId: string) {
  return useQuery({
    queryKey: pipeHistoryKeys.timeline(organizationId, serviceId, pipeId),
    queryFn: ({ signal }) => apiFetch<PipeTimelineView>(pipeHistoryPath(organizationId, serviceId, pipeId), { signal }),
    refetchInterval: REFETCH_MS,
  });
}
