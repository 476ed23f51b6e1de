import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DiagnosisSection, SectionResult } from '@/lib/pipes/diagnosis/types';
import { apiFetch, type ApiRequestError } from '../client';
import type { QueryOptions } from '../query-options';
import { diagnosisKeys, diagnosisPath } from './keys';

export const sectionPath = (
  organizationId: string,
  serviceId: string,
  pipeId: string,
  section: DiagnosisSection,
  page: number,
) => `${diagnosisPath(organizationId, serviceId, pipeId, section)}${page > 0 ? `?page=${page}` : ''}`;

/** One page of one section of a pipe, read from its service's tables. */
export function getPipeSection(
  organizationId: string,
  serviceId: string,
  pipeId: string,
  section: DiagnosisSection,
  page: number,
  signal?: AbortSignal,
): Promise<SectionResult> {
  return apiFetch<{ data: SectionResult }>(sectionPath(organizationId, serviceId, pipeId, section, page), {
    signal,
  }).then((r) => r.data);
}

export interface PipeSectionOptions extends QueryOptions<SectionResult> {
  page?: number;
  /** Read again this often while the section reads (rows landed stay current). */
  refetchMs?: number;
}

/**
 * One section of a pipe's page read from its service's tables. `refetchMs` keeps the rows landed
 * current while the page is open; nothing here ever wakes an idle service.
 */
export function usePipeSectionQuery(
  organizationId: string,
  serviceId: string,
  pipeId: string,
  section: DiagnosisSection,
  { page = 0, refetchMs, ...options }: PipeSectionOptions = {},
) {
  return useQuery<SectionResult, ApiRequestError>({
    queryKey: diagnosisKeys.section(organizationId, serviceId, pipeId, section, page),
    queryFn: ({ signal }) => getPipeSection(organizationId, serviceId, pipeId, section, page, signal),
    refetchInterval: (query) => (refetchMs && query.state.data?.state === 'ok' ? refetchMs : false),
    placeholderData: keepPreviousData,
    // A failed read says why at once; the person retries.
    retry: false,
    ...options,
  });
}
