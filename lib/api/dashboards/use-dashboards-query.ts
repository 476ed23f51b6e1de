import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@/lib/schemas/observability/dashboard';
import type { ApiRequestError } from '../client';
import type { QueryOptions } from '../query-options';
import { dashboardKeys } from './keys';
import { listDashboards, type SurfaceTarget } from './requests';

export function useDashboardsQuery<TData = Dashboard[]>(
  target: SurfaceTarget,
  options: QueryOptions<Dashboard[], TData> = {},
) {
  return useQuery<Dashboard[], ApiRequestError, TData>({
    queryKey: dashboardKeys.list(target.surface, target.serviceId),
    queryFn: ({ signal }) => listDashboards(target, signal),
    ...options,
  });
}
