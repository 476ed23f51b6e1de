import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PipeRecord, PipeScaling } from '@/lib/schemas/pipes';
import { cloudFetch, servicePath } from '../client';
import { applyPipeChange, replacedBy } from './pipe-cache';
import { successMessage } from '@/lib/notifications/success-meta';

/** PATCH of a pipe's scaling; the upstream answers with the whole pipe. */
export function usePipeScalingMutation(organizationId: string, serviceId: string, pipeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: successMessage('Scaling saved'),
    mutationFn: (scaling: PipeScaling) =>
      cloudFetch<PipeRecord>(servicePath(organizationId, serviceId, 'datapipes', pipeId, 'scaling'), {
        method: 'PATCH',
        body: scaling,
      }),
    onSuccess: (pipe) => applyPipeChange(queryClient, organizationId, serviceId, pipeId, replacedBy(pipe)),
  });
}
