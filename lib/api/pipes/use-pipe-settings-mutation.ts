import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PipeRecord, PipeSettings } from '@/lib/schemas/pipes';
import { cloudFetch, servicePath } from '../client';
import { pipeKeys } from './keys';

/** PUT of a pipe's settings; the upstream merges them and answers with the whole settings map. */
export function usePipeSettingsMutation(organizationId: string, serviceId: string, pipeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: PipeSettings) =>
      cloudFetch<PipeSettings>(servicePath(organizationId, serviceId, 'datapipes', pipeId, 'settings'), {
        method: 'PUT',
        body: settings,
      }),
    onSuccess: async (settings) => {
      if (settings) {
        const withSettings = (pipe: PipeRecord) => (pipe.id === pipeId ? { ...pipe, settings } : pipe);
        queryClient.setQueryData<PipeRecord>(pipeKeys.detail(organizationId, serviceId, pipeId), (pipe) =>
          pipe ? withSettings(pipe) : pipe,
        );
        queryClient.setQueryData<PipeRecord[]>(pipeKeys.list(organizationId, serviceId), (list) => list?.map(withSettings));
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: pipeKeys.list(organizationId, serviceId) }),
        queryClient.invalidateQueries({ queryKey: pipeKeys.detail(organizationId, serviceId, pipeId) }),
      ]);
    },
  });
}
