import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successMessage } from '@/lib/notifications/success-meta';
import type { PipeRecord } from '@/lib/schemas/pipes';
import { cloudFetch, servicePath, type ApiRequestError } from '../client';
import type { MutationOptions } from '../query-options';
import { pipeKeys } from './keys';

/** Deletes a data pipe. */
export function deletePipe(organizationId: string, serviceId: string, pipeId: string): Promise<unknown> {
  return cloudFetch<unknown>(servicePath(organizationId, serviceId, 'datapipes', pipeId), { method: 'DELETE' });
}

export function usePipeDeleteMutation(
  organizationId: string,
  serviceId: string,
  { onSuccess, ...options }: MutationOptions<unknown, string> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiRequestError, string>({
    meta: successMessage('Pipe deleted'),
    mutationFn: (pipeId) => deletePipe(organizationId, serviceId, pipeId),
    ...options,
    onSuccess: async (result, pipeId, onMutateResult, context) => {
      // Removed, not invalidated: refetching a deleted pipe would only answer 404.
      queryClient.removeQueries({ queryKey: pipeKeys.detail(organizationId, serviceId, pipeId) });
      queryClient.setQueryData<PipeRecord[]>(pipeKeys.list(organizationId, serviceId), (list) =>
        list?.filter((item) => item.id !== pipeId),
      );
      await queryClient.invalidateQueries({ queryKey: pipeKeys.list(organizationId, serviceId) });
      await onSuccess?.(result, pipeId, onMutateResult, context);
    },
  });
}
