import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PipeCreateRequest } from '@/lib/schemas/pipes/create';
import type { PipeRecord } from '@/lib/schemas/pipes/record';
import { cloudFetch, servicePath } from '../client';
import { pipeKeys } from './keys';
import { successMessage } from '@/lib/notifications/success-meta';

export function usePipeCreateMutation(organizationId: string, serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: successMessage<PipeRecord>((pipe) => `Pipe “${pipe.name}” created`),
    // The request carries credentials: nothing of it stays in the mutation cache.
    gcTime: 0,
    mutationFn: (request: PipeCreateRequest) =>
      cloudFetch<PipeRecord>(servicePath(organizationId, serviceId, 'datapipes'), { method: 'POST', body: request }),
    onSuccess: async (pipe) => {
      queryClient.setQueryData(pipeKeys.detail(organizationId, serviceId, pipe.id), pipe);
      await queryClient.invalidateQueries({ queryKey: pipeKeys.list(organizationId, serviceId) });
    },
  });
}
