import { useQuery } from '@tanstack/react-query';
import { dashboardKeys } from './keys';
import { listDashboards, type SurfaceTarget } from './requests';

export function useDashboardsQuery(target: SurfaceTarget, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: dashboardKeys.list(target.surface, target.serviceId),
    queryFn: ({ signal }) => listDashboards(target, signal),
    enabled,
  });
}
