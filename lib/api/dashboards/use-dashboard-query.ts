import { useQuery } from '@tanstack/react-query';
import type { ApiRequestError } from '../client';
import type { QueryOptions } from '../query-options';
import { dashboardKeys } from './keys';
import { getDashboard, type SurfaceTarget, type VersionedDashboard } from './requests';

/**
 * One dashboard with its ETag, for the editor, which owns its copy while open: never refetched
 * underneath it, and dropped when it closes (gcTime 0), so reopening starts from the stored
 * version, not from a cached one the editor has since saved over.
 */
export function useDashboardQuery<TData = VersionedDashboard>(
  target: SurfaceTarget,
  id: string,
  options: QueryOptions<VersionedDashboard, TData> = {},
) {
  return useQuery<VersionedDashboard, ApiRequestError, TData>({
    queryKey: dashboardKeys.detail(target.surface, target.serviceId, id),
    queryFn: ({ signal }) => getDashboard(target, id, signal),
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    staleTime: Infinity,
    gcTime: 0,
    ...options,
  });
}
