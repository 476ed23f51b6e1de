import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PipeSettings } from '@/lib/schemas/pipes';
import { cloudFetch, servicePath } from '../client';
import { applyPipeChange } from './pipe-cache';
import { successMessage } from '@/lib/notifications/success-meta';

/** PUT of a pipe's settings; the upstream merges them and answers with the whole settings map. */
export function usePipeSettingsMutation(organizationId: string, serviceId: string, pipeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: successMessage('Settings saved'),
    mutationFn: (settings: PipeSettings) =>
      cloudFetch<PipeSettings>(servicePath(organizationId, serviceId, 'datapipes', pipeId, 'settings'), {
        method: 'PUT',
        body: settings,
      }),
    onSuccess: (settings) =>
      applyPipeChange(queryClient, organizationId, serviceId, pipeId, (pipe) =>
        pipe && settings ? { ...pipe, settings } : pipe,
      ),
  });
}
