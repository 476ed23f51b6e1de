import { useQuery } from '@tanstack/react-query';
import type { PipeRecord } from '@/lib/schemas/pipes/record';
import { cloudFetch, servicePath } from '../client';
import { PIPE_POLL_INTERVAL_MS, pipeKeys } from './keys';
import { pipeIsSettling } from './pipe-polling';

/** `enabled: false` stops reading a pipe that is being deleted, so its removal does not fetch a 404. */
export function usePipeQuery(organizationId: string, serviceId: string, pipeId: string, { enabled = true } = {}) {
  return useQuery({
    enabled,
    queryKey: pipeKeys.detail(organizationId, serviceId, pipeId),
    queryFn: ({ signal }) =>
      cloudFetch<PipeRecord>(servicePath(organizationId, serviceId, 'datapipes', pipeId), { signal }),
    // Settling pipes change by themselves; settled ones only change when someone acts.
    refetchInterval: (query) => (query.state.data && pipeIsSettling(query.state.data) ? PIPE_POLL_INTERVAL_MS : false),
  });
}
