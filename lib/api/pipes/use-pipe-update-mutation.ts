import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successMessage } from '@/lib/notifications/success-meta';
import type { PipeRecord } from '@/lib/schemas/pipes';
import { cloudFetch, servicePath, type ApiRequestError } from '../client';
import type { MutationOptions } from '../query-options';
import { applyPipeChange, replacedBy } from './pipe-cache';

/** PATCH of a pipe (`{name?, source?, destination?, fieldMappings?, settings?}`); the upstream answers with the pipe. */
export function patchPipe(
  organizationId: string,
  serviceId: string,
  pipeId: string,
  patch: Record<string, unknown>,
): Promise<PipeRecord> {
  return cloudFetch<PipeRecord>(servicePath(organizationId, serviceId, 'datapipes', pipeId), {
    method: 'PATCH',
    body: patch,
  });
}

export function usePipeUpdateMutation(
  organizationId: string,
  serviceId: string,
  pipeId: string,
  { onSuccess, ...options }: MutationOptions<PipeRecord, Record<string, unknown>> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<PipeRecord, ApiRequestError, Record<string, unknown>>({
    meta: successMessage<PipeRecord>((pipe) => `Pipe “${pipe.name}” saved`),
    mutationFn: (patch) => patchPipe(organizationId, serviceId, pipeId, patch),
    ...options,
    onSuccess: async (answer, variables, onMutateResult, context) => {
      await applyPipeChange(queryClient, organizationId, serviceId, pipeId, replacedBy(answer));
      await onSuccess?.(answer, variables, onMutateResult, context);
    },
  });
}
