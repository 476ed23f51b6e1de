import { useQuery } from '@tanstack/react-query';
import type { DiagnosisAccess } from '@/lib/pipes/diagnosis/types';
import { apiFetch, type ApiRequestError } from '../client';
import type { QueryOptions } from '../query-options';
import { diagnosisKeys, diagnosisPath } from './keys';

/** Whether the service's query endpoint lets the console read the service's tables. */
export function getDiagnosisAccess(
  organizationId: string,
  serviceId: string,
  signal?: AbortSignal,
): Promise<DiagnosisAccess> {
  return apiFetch<{ data: DiagnosisAccess }>(diagnosisPath(organizationId, serviceId, 'access'), { signal }).then(
    (r) => r.data,
  );
}

export function useDiagnosisAccessQuery<TData = DiagnosisAccess>(
  organizationId: string,
  serviceId: string,
  options: QueryOptions<DiagnosisAccess, TData> = {},
) {
  return useQuery<DiagnosisAccess, ApiRequestError, TData>({
    queryKey: diagnosisKeys.access(organizationId, serviceId),
    queryFn: ({ signal }) => getDiagnosisAccess(organizationId, serviceId, signal),
    staleTime: 60_000,
    ...options,
  });
}
