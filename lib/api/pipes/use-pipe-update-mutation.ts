import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PipeRecord } from '@/lib/schemas/pipes';
import { cloudFetch, servicePath } from '../client';
import { pipeKeys } from './keys';

/** PATCH of a pipe (`{name?, source?, destination?, fieldMappings?, settings?}`); the upstream answers with the pipe. */
export function usePipeUpdateMutation(organizationId: string, serviceId: string, pipeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: Record<string, unknown>) =>
      cloudFetch<PipeRecord>(servicePath(organizationId, serviceId, 'datapipes', pipeId), { method: 'PATCH', body: patch }),
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
