import { useQuery } from '@tanstack/react-query';
import { dashboardKeys } from './keys';
import { getDashboard, type SurfaceTarget } from './requests';

/** One dashboard with its ETag. Not refetched on focus: the editor owns its copy while open. */
export function useDashboardQuery(target: SurfaceTarget, id: string) {
  return useQuery({
    queryKey: dashboardKeys.detail(target.surface, target.serviceId, id),
    queryFn: ({ signal }) => getDashboard(target, id, signal),
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}
