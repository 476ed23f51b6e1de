import { useQuery } from '@tanstack/react-query';
import { dashboardKeys } from './keys';
import { getDashboard, type SurfaceTarget } from './requests';

/**
 * One dashboard with its ETag, for the editor, which owns its copy while open: never refetched
 * underneath it, and dropped when it closes (gcTime 0), so reopening starts from the stored
 * version, not from a cached one the editor has since saved over.
 */
export function useDashboardQuery(target: SurfaceTarget, id: string) {
  return useQuery({
    queryKey: dashboardKeys.detail(target.surface, target.serviceId, id),
    queryFn: ({ signal }) => getDashboard(target, id, signal),
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}
