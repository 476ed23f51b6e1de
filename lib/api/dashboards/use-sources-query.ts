import { useQuery } from '@tanstack/react-query';
import type { ApiRequestError } from '../client';
import type { QueryOptions } from '../query-options';
import { dashboardKeys } from './keys';
import { listSources, type ObservabilitySource, type SurfaceTarget } from './requests';

/** Sources the tile editor offers; they rarely change, so one fetch per session is enough. */
export function useSourcesQuery<TData = ObservabilitySource[]>(
  target: SurfaceTarget,
  options: QueryOptions<ObservabilitySource[], TData> = {},
) {
  return useQuery<ObservabilitySource[], ApiRequestError, TData>({
    queryKey: dashboardKeys.sources(target.surface, target.serviceId),
    queryFn: ({ signal }) => listSources(target, signal),
    staleTime: 5 * 60_000,
    ...options,
  });
}
