import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successMessage } from '@/lib/notifications/success-meta';
import type { DiagnosisAccess } from '@/lib/pipes/diagnosis/types';
import { apiFetch, type ApiRequestError } from '../client';
import type { MutationOptions } from '../query-options';
import { diagnosisKeys, diagnosisPath } from './keys';

/** Adds the console's key to the service's query endpoint (read-only). */
export function enableAccess(organizationId: string, serviceId: string): Promise<DiagnosisAccess> {
  return apiFetch<{ data: DiagnosisAccess }>(diagnosisPath(organizationId, serviceId, 'access'), {
    method: 'POST',
  }).then((r) => r.data);
}

/** Adds the console's key to the service's query endpoint (read-only), then reads every section again. */
export function useEnableAccessMutation(
  organizationId: string,
  serviceId: string,
  { onSuccess, ...options }: MutationOptions<DiagnosisAccess, void> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<DiagnosisAccess, ApiRequestError, void>({
    meta: successMessage('The console can now read this service’s logs and tables'),
    mutationFn: () => enableAccess(organizationId, serviceId),
    ...options,
    onSuccess: async (access, variables, onMutateResult, context) => {
      queryClient.setQueryData(diagnosisKeys.access(organizationId, serviceId), access);
      await queryClient.invalidateQueries({ queryKey: diagnosisKeys.all });
      await onSuccess?.(access, variables, onMutateResult, context);
    },
  });
}
