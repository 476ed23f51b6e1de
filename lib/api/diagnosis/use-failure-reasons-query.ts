import { useQuery } from '@tanstack/react-query';
import type { FailureReason } from '@/lib/pipes/diagnosis/types';
import { apiFetch, type ApiRequestError } from '../client';
import type { QueryOptions } from '../query-options';
import { diagnosisKeys, diagnosisPath } from './keys';

type Reasons = Record<string, FailureReason>;

/** The newest reason of each named pipe, in one read. */
export function getFailureReasons(
  organizationId: string,
  serviceId: string,
  pipeIds: readonly string[],
  signal?: AbortSignal,
): Promise<Reasons> {
  return apiFetch<{ data: Reasons }>(
    `${diagnosisPath(organizationId, serviceId, 'reasons')}?ids=${pipeIds.map(encodeURIComponent).join(',')}`,
    { signal },
  ).then((r) => r.data);
}

/** The newest reason of each failed pipe of a list, in one read; none when the service cannot be read. */
export function useFailureReasonsQuery<TData = Reasons>(
  organizationId: string,
  serviceId: string,
  failedPipeIds: readonly string[],
  options: QueryOptions<Reasons, TData> = {},
) {
  return useQuery<Reasons, ApiRequestError, TData>({
    queryKey: diagnosisKeys.reasons(organizationId, serviceId, failedPipeIds),
    queryFn: ({ signal }) => getFailureReasons(organizationId, serviceId, failedPipeIds, signal),
    enabled: failedPipeIds.length > 0,
    staleTime: 30_000,
    retry: false,
    ...options,
  });
}
