import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PipeRecord } from '@/lib/schemas/pipes';
import { cloudFetch, servicePath } from '../client';
import { applyPipeChange, replacedBy } from './pipe-cache';
import { successMessage } from '@/lib/notifications/success-meta';

/** PATCH of a pipe (`{name?, source?, destination?, fieldMappings?, settings?}`); the upstream answers with the pipe. */
export function usePipeUpdateMutation(organizationId: string, serviceId: string, pipeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: successMessage<PipeRecord>((pipe) => `Pipe “${pipe.name}” saved`),
    mutationFn: (patch: Record<string, unknown>) =>
      cloudFetch<PipeRecord>(servicePath(organizationId, serviceId, 'datapipes', pipeId), {
        method: 'PATCH',
        body: patch,
      }),
    onSuccess: (pipe) => applyPipeChange(queryClient, organizationId, serviceId, pipeId, replacedBy(pipe)),
  });
}
