import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successMessage } from '@/lib/notifications/success-meta';
import type { PipeCommand, PipeRecord } from '@/lib/schemas/pipes';
import { cloudFetch, servicePath, type ApiRequestError } from '../client';
import type { MutationOptions } from '../query-options';
import { applyPipeChange, replacedBy } from './pipe-cache';

const COMMAND_DONE: Record<PipeCommand, string> = { start: 'Starting', stop: 'Stopping', resync: 'Resyncing' };

/** Starts, stops or resyncs a pipe; the upstream answers with the pipe. */
export function commandPipe(
  organizationId: string,
  serviceId: string,
  pipeId: string,
  command: PipeCommand,
): Promise<PipeRecord> {
  return cloudFetch<PipeRecord>(servicePath(organizationId, serviceId, 'datapipes', pipeId, 'state'), {
    method: 'PATCH',
    body: { command },
  });
}

export function usePipeStateMutation(
  organizationId: string,
  serviceId: string,
  pipeId: string,
  { onSuccess, ...options }: MutationOptions<PipeRecord, PipeCommand> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<PipeRecord, ApiRequestError, PipeCommand>({
    meta: successMessage<PipeRecord, PipeCommand>((pipe, command) => `${COMMAND_DONE[command]} “${pipe.name}”`),
    mutationFn: (command) => commandPipe(organizationId, serviceId, pipeId, command),
    ...options,
    onSuccess: async (answer, variables, onMutateResult, context) => {
      await applyPipeChange(queryClient, organizationId, serviceId, pipeId, replacedBy(answer));
      await onSuccess?.(answer, variables, onMutateResult, context);
    },
  });
}
