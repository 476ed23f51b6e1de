import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DiagnosisSection, SectionResult } from '@/lib/pipes/diagnosis/types';
import { apiFetch } from '../client';
import { diagnosisKeys, diagnosisPath } from './keys';

export const sectionPath = (
  organizationId: string,
  serviceId: string,
  pipeId: string,
  section: DiagnosisSection,
  page: number,
) => `${diagnosisPath(organizationId, serviceId, pipeId, section)}${page > 0 ? `?page=${page}` : ''}`;

/**
 * One section of a pipe's page read from its service's tables. `refetchMs` keeps the rows landed
 * current while the page is open; nothing here ever wakes an idle service.
 */
export function usePipeSectionQuery(
  organizationId: string,
  serviceId: string,
  pipeId: string,
  section: DiagnosisSection,
  options: { page?: number; enabled?: boolean; refetchMs?: number } = {},
) {
  const page = options.page ?? 0;
  return useQuery<SectionResult>({
    queryKey: diagnosisKeys.section(organizationId, serviceId, pipeId, section, page),
    queryFn: ({ signal }) =>
      apiFetch<{ data: SectionResult }>(sectionPath(organizationId, serviceId, pipeId, section, page), { signal }).then(
        (r) => r.data,
      ),
    enabled: options.enabled ?? true,
    refetchInterval: (query) => (options.refetchMs && query.state.data?.state === 'ok' ? options.refetchMs : false),
    placeholderData: keepPreviousData,
    // A failed read says why at once; the person retries.
    retry: false,
  });
}
