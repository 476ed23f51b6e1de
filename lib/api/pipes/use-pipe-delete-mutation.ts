import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PipeRecord } from '@/lib/schemas/pipes';
import { cloudFetch, servicePath } from '../client';
import { pipeKeys } from './keys';
import { successMessage } from '@/lib/notifications/success-meta';

export function usePipeDeleteMutation(organizationId: string, serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: successMessage('Pipe deleted'),
    mutationFn: (pipeId: string) =>
      cloudFetch<unknown>(servicePath(organizationId, serviceId, 'datapipes', pipeId), { method: 'DELETE' }),
    onSuccess: async (_result, pipeId) => {
      // Removed, not invalidated: refetching a deleted pipe would only answer 404.
      queryClient.removeQueries({ queryKey: pipeKeys.detail(organizationId, serviceId, pipeId) });
      queryClient.setQueryData<PipeRecord[]>(pipeKeys.list(organizationId, serviceId), (list) =>
        list?.filter((item) => item.id !== pipeId),
      );
      await queryClient.invalidateQueries({ queryKey: pipeKeys.list(organizationId, serviceId) });
    },
  });
}
