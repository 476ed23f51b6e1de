import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successMessage } from '@/lib/notifications/success-meta';
import type { PipeRecord, PipeScaling } from '@/lib/schemas/pipes';
import { cloudFetch, servicePath, type ApiRequestError } from '../client';
import type { MutationOptions } from '../query-options';
import { applyPipeChange, replacedBy } from './pipe-cache';

/** PATCH of a pipe's scaling; the upstream answers with the whole pipe. */
export function patchPipeScaling(
  organizationId: string,
  serviceId: string,
  pipeId: string,
  scaling: PipeScaling,
): Promise<PipeRecord> {
  return cloudFetch<PipeRecord>(servicePath(organizationId, serviceId, 'datapipes', pipeId, 'scaling'), {
    method: 'PATCH',
    body: scaling,
  });
}

export function usePipeScalingMutation(
  organizationId: string,
  serviceId: string,
  pipeId: string,
  { onSuccess, ...options }: MutationOptions<PipeRecord, PipeScaling> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<PipeRecord, ApiRequestError, PipeScaling>({
    meta: successMessage('Scaling saved'),
    mutationFn: (scaling) => patchPipeScaling(organizationId, serviceId, pipeId, scaling),
    ...options,
    onSuccess: async (answer, variables, onMutateResult, context) => {
      await applyPipeChange(queryClient, organizationId, serviceId, pipeId, replacedBy(answer));
      await onSuccess?.(answer, variables, onMutateResult, context);
    },
  });
}
