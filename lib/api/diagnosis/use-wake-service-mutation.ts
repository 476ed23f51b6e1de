import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successMessage } from '@/lib/notifications/success-meta';
import type { DiagnosisSection, SectionResult } from '@/lib/pipes/diagnosis/types';
import { apiFetch } from '../client';
import { diagnosisKeys } from './keys';
import { sectionPath } from './use-pipe-section-query';

/** Reads a section with the wake confirmation: the idle service wakes (billed), then every section is read again. */
export function useWakeServiceMutation(organizationId: string, serviceId: string, pipeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: successMessage('The service is awake; its tables are read'),
    mutationFn: (section: DiagnosisSection) =>
      apiFetch<{ data: SectionResult }>(sectionPath(organizationId, serviceId, pipeId, section, 0), {
        method: 'POST',
      }).then((r) => r.data),
    onSuccess: async (result, section) => {
      queryClient.setQueryData(diagnosisKeys.section(organizationId, serviceId, pipeId, section, 0), result);
      await queryClient.invalidateQueries({ queryKey: diagnosisKeys.sections(organizationId, serviceId, pipeId) });
    },
  });
}
