import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PipeCommand, PipeRecord } from '@/lib/schemas/pipes';
import { cloudFetch, servicePath } from '../client';
import { pipeKeys } from './keys';

export function usePipeStateMutation(organizationId: string, serviceId: string, pipeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (command: PipeCommand) =>
      cloudFetch<PipeRecord>(servicePath(organizationId, serviceId, 'datapipes', pipeId, 'state'), {
        method: 'PATCH',
        body: { command },
      }),
    onSuccess: async (pipe) => {
      queryClient.setQueryData(pipeKeys.detail(organizationId, serviceId, pipeId), pipe);
      queryClient.setQueryData<PipeRecord[]>(pipeKeys.list(organizationId, serviceId), (list) =>
        list?.map((item) => (item.id === pipe.id ? pipe : item)),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: pipeKeys.list(organizationId, serviceId) }),
        queryClient.invalidateQueries({ queryKey: pipeKeys.detail(organizationId, serviceId, pipeId) }),
      ]);
    },
  });
}
