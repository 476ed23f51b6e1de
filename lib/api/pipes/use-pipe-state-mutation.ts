import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PipeCommand, PipeRecord } from '@/lib/schemas/pipes';
import { cloudFetch, servicePath } from '../client';
import { applyPipeChange, replacedBy } from './pipe-cache';

export function usePipeStateMutation(organizationId: string, serviceId: string, pipeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (command: PipeCommand) =>
      cloudFetch<PipeRecord>(servicePath(organizationId, serviceId, 'datapipes', pipeId, 'state'), {
        method: 'PATCH',
        body: { command },
      }),
    onSuccess: (pipe) => applyPipeChange(queryClient, organizationId, serviceId, pipeId, replacedBy(pipe)),
  });
}
