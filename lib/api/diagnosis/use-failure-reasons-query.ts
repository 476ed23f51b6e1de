import { useQuery } from '@tanstack/react-query';
import type { FailureReason } from '@/lib/pipes/diagnosis/types';
import { apiFetch } from '../client';
import { diagnosisKeys, diagnosisPath } from './keys';

/** The newest reason of each failed pipe of a list, in one read; none when the service cannot be read. */
export function useFailureReasonsQuery(organizationId: string, serviceId: string, failedPipeIds: readonly string[]) {
  return useQuery({
    queryKey: diagnosisKeys.reasons(organizationId, serviceId, failedPipeIds),
    queryFn: ({ signal }) =>
      apiFetch<{ data: Record<string, FailureReason> }>(
        `${diagnosisPath(organizationId, serviceId, 'reasons')}?ids=${failedPipeIds.map(encodeURIComponent).join(',')}`,
        { signal },
      ).then((r) => r.data),
    enabled: failedPipeIds.length > 0,
    staleTime: 30_000,
    retry: false,
  });
}
