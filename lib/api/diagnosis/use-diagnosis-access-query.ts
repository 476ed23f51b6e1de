import { useQuery } from '@tanstack/react-query';
import type { DiagnosisAccess } from '@/lib/pipes/diagnosis/types';
import { apiFetch } from '../client';
import { diagnosisKeys, diagnosisPath } from './keys';

/** Whether the service's query endpoint lets the console read the service's tables. */
export function useDiagnosisAccessQuery(
  organizationId: string,
  serviceId: string,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: diagnosisKeys.access(organizationId, serviceId),
    queryFn: ({ signal }) =>
      apiFetch<{ data: DiagnosisAccess }>(diagnosisPath(organizationId, serviceId, 'access'), { signal }).then(
        (r) => r.data,
      ),
    staleTime: 60_000,
    enabled: options.enabled ?? true,
  });
}
