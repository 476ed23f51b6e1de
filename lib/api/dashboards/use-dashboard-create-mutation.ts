import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DashboardBody } from '@/lib/schemas/observability/dashboard';
import { dashboardKeys } from './keys';
import { createDashboard, type SurfaceTarget } from './requests';

/** Create, duplicate and import all POST a body; the server assigns every id. */
export function useDashboardCreateMutation(target: SurfaceTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DashboardBody) => createDashboard(target, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.list(target.surface, target.serviceId) }),
  });
}
