import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successMessage } from '@/lib/notifications/success-meta';
import type { PipeCreateRequest } from '@/lib/schemas/pipes/create';
import type { PipeRecord } from '@/lib/schemas/pipes/record';
import { cloudFetch, servicePath, type ApiRequestError } from '../client';
import type { MutationOptions } from '../query-options';
import { pipeKeys } from './keys';

/** Creates a data pipe (the wizard's submit). */
export function createPipe(organizationId: string, serviceId: string, request: PipeCreateRequest): Promise<PipeRecord> {
  return cloudFetch<PipeRecord>(servicePath(organizationId, serviceId, 'datapipes'), { method: 'POST', body: request });
}

export function usePipeCreateMutation(
  organizationId: string,
  serviceId: string,
  { onSuccess, ...options }: MutationOptions<PipeRecord, PipeCreateRequest> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<PipeRecord, ApiRequestError, PipeCreateRequest>({
    meta: successMessage<PipeRecord>((pipe) => `Pipe “${pipe.name}” created`),
    mutationFn: (request) => createPipe(organizationId, serviceId, request),
    ...options,
    // The request carries credentials: nothing of it stays in the mutation cache, whatever the caller passes.
    gcTime: 0,
    onSuccess: async (pipe, request, onMutateResult, context) => {
      queryClient.setQueryData(pipeKeys.detail(organizationId, serviceId, pipe.id), pipe);
      await queryClient.invalidateQueries({ queryKey: pipeKeys.list(organizationId, serviceId) });
      await onSuccess?.(pipe, request, onMutateResult, context);
    },
  });
}
