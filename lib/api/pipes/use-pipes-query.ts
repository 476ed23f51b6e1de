import { useQuery } from '@tanstack/react-query';
import type { PipeRecord } from '@/lib/schemas/pipes/record';
import { cloudFetch, servicePath } from '../client';
import { PIPE_POLL_INTERVAL_MS, pipeKeys } from './keys';
import { pipeIsSettling } from './pipe-polling';

export function usePipesQuery(organizationId: string, serviceId: string) {
  return useQuery({
    queryKey: pipeKeys.list(organizationId, serviceId),
    queryFn: ({ signal }) => cloudFetch<PipeRecord[]>(servicePath(organizationId, serviceId, 'datapipes'), { signal }),
    // Settling pipes change by themselves; settled ones only change when someone acts.
    refetchInterval: (query) => (query.state.data?.some(pipeIsSettling) ? PIPE_POLL_INTERVAL_MS : false),
  });
}
