import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PipeCommand, PipeRecord } from '@/lib/schemas/pipes';
import { cloudFetch, servicePath } from '../client';
import { applyPipeChange, replacedBy } from './pipe-cache';
import { successMessage } from '@/lib/notifications/success-meta';

const COMMAND_DONE: Record<PipeCommand, string> = { start: 'Starting', stop: 'Stopping', resync: 'Resyncing' };

export function usePipeStateMutation(organizationId: string, serviceId: string, pipeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: successMessage<PipeRecord, PipeCommand>((pipe, command) => `${COMMAND_DONE[command]} “${pipe.name}”`),
    mutationFn: (command: PipeCommand) =>
      cloudFetch<PipeRecord>(servicePath(organizationId, serviceId, 'datapipes', pipeId, 'state'), {
        method: 'PATCH',
        body: { command },
      }),
    onSuccess: (pipe) => applyPipeChange(queryClient, organizationId, serviceId, pipeId, replacedBy(pipe)),
  });
}
