import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successMessage } from '@/lib/notifications/success-meta';
import type { DiagnosisAccess } from '@/lib/pipes/diagnosis/types';
import { apiFetch } from '../client';
import { diagnosisKeys, diagnosisPath } from './keys';

/** Adds the console's key to the service's query endpoint (read-only), then reads every section again. */
export function useEnableAccessMutation(organizationId: string, serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: successMessage('The console can now read this service’s logs and tables'),
    mutationFn: () =>
      apiFetch<{ data: DiagnosisAccess }>(diagnosisPath(organizationId, serviceId, 'access'), { method: 'POST' }).then(
        (r) => r.data,
      ),
    onSuccess: async (access) => {
      queryClient.setQueryData(diagnosisKeys.access(organizationId, serviceId), access);
      await queryClient.invalidateQueries({ queryKey: diagnosisKeys.all });
    },
  });
}
