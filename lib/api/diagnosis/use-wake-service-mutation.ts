import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successMessage } from '@/lib/notifications/success-meta';
import type { DiagnosisSection, SectionResult } from '@/lib/pipes/diagnosis/types';
import { apiFetch, type ApiRequestError } from '../client';
import type { MutationOptions } from '../query-options';
import { diagnosisKeys } from './keys';
import { sectionPath } from './use-pipe-section-query';

/** Reads a section with the wake confirmation: the idle service wakes (billed). */
export function wakeAndReadSection(
  organizationId: string,
  serviceId: string,
  pipeId: string,
  section: DiagnosisSection,
): Promise<SectionResult> {
  return apiFetch<{ data: SectionResult }>(sectionPath(organizationId, serviceId, pipeId, section, 0), {
    method: 'POST',
  }).then((r) => r.data);
}

/** Reads a section with the wake confirmation: the idle service wakes (billed), then every section is read again. */
export function useWakeServiceMutation(
  organizationId: string,
  serviceId: string,
  pipeId: string,
  { onSuccess, ...options }: MutationOptions<SectionResult, DiagnosisSection> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<SectionResult, ApiRequestError, DiagnosisSection>({
    meta: successMessage('The service is awake; its tables are read'),
    mutationFn: (section) => wakeAndReadSection(organizationId, serviceId, pipeId, section),
    ...options,
    onSuccess: async (result, section, onMutateResult, context) => {
      queryClient.setQueryData(diagnosisKeys.section(organizationId, serviceId, pipeId, section, 0), result);
      await queryClient.invalidateQueries({ queryKey: diagnosisKeys.sections(organizationId, serviceId, pipeId) });
      await onSuccess?.(result, section, onMutateResult, context);
    },
  });
}
