import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successMessage } from '@/lib/notifications/success-meta';
import type { PipeSettings } from '@/lib/schemas/pipes';
import { cloudFetch, servicePath, type ApiRequestError } from '../client';
import type { MutationOptions } from '../query-options';
import { applyPipeChange } from './pipe-cache';

/** PUT of a pipe's settings; the upstream merges them and answers with the whole settings map. */
export function putPipeSettings(
  organizationId: string,
  serviceId: string,
  pipeId: string,
  settings: PipeSettings,
): Promise<PipeSettings> {
  return cloudFetch<PipeSettings>(servicePath(organizationId, serviceId, 'datapipes', pipeId, 'settings'), {
    method: 'PUT',
    body: settings,
  });
}

export function usePipeSettingsMutation(
  organizationId: string,
  serviceId: string,
  pipeId: string,
  { onSuccess, ...options }: MutationOptions<PipeSettings, PipeSettings> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<PipeSettings, ApiRequestError, PipeSettings>({
    meta: successMessage('Settings saved'),
    mutationFn: (settings) => putPipeSettings(organizationId, serviceId, pipeId, settings),
    ...options,
    onSuccess: async (answer, variables, onMutateResult, context) => {
      await applyPipeChange(queryClient, organizationId, serviceId, pipeId, (pipe) =>
        pipe && answer ? { ...pipe, settings: answer } : pipe,
      );
      await onSuccess?.(answer, variables, onMutateResult, context);
    },
  });
}
