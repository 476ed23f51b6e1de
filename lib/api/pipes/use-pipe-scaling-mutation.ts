import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PipeRecord, PipeScaling } from '@/lib/schemas/pipes';
import { cloudFetch, servicePath } from '../client';
import { pipeKeys } from './keys';

/** PATCH of a pipe's scaling; the upstream answers with the whole pipe. */
export function usePipeScalingMutation(organizationId: string, serviceId: string, pipeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scaling: PipeScaling) =>
      cloudFetch<PipeRecord>(servicePath(organizationId, serviceId, 'datapipes', pipeId, 'scaling'), {
        method: 'PATCH',
        body: scaling,
      }),
    onSuccess: async (pipe) => {
      if (pipe) {
        queryClient.setQueryData(pipeKeys.detail(organizationId, serviceId, pipeId), pipe);
        queryClient.setQueryData<PipeRecord[]>(pipeKeys.list(organizationId, serviceId), (list) =>
          list?.map((item) => (item.id === pipe.id ? pipe : item)),
        );
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: pipeKeys.list(organizationId, serviceId) }),
        queryClient.invalidateQueries({ queryKey: pipeKeys.detail(organizationId, serviceId, pipeId) }),
      ]);
    },
  });
}
