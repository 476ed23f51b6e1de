import { useQuery } from '@tanstack/react-query';
import { dashboardKeys } from './keys';
import { listSources, type SurfaceTarget } from './requests';

/** Sources the tile editor offers; they rarely change, so one fetch per session is enough. */
export function useSourcesQuery(target: SurfaceTarget) {
  return useQuery({
    queryKey: dashboardKeys.sources(target.surface, target.serviceId),
    queryFn: ({ signal }) => listSources(target, signal),
    staleTime: 5 * 60_000,
  });
}
