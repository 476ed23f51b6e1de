import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dashboardKeys } from './keys';
import { getDashboard, replaceDashboard, toDashboardBody, type SurfaceTarget } from './requests';

export interface DashboardDetailsChange {
  id: string;
  name: string;
  tags: string[];
}

/**
 * Rename or retag from the list. The PUT replaces the whole dashboard, so it is built from a
 * fresh GET and sent with that version's ETag: tiles changed meanwhile are kept, and a change
 * landing between the two calls is refused (412) rather than overwritten.
 */
export function useDashboardDetailsMutation(target: SurfaceTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, name, tags }: DashboardDetailsChange) => {
      const { dashboard, etag } = await getDashboard(target, id);
      return replaceDashboard(target, id, toDashboardBody({ ...dashboard, name, tags }), etag);
    },
    onSuccess: async (saved) => {
      queryClient.setQueryData(dashboardKeys.detail(target.surface, target.serviceId, saved.dashboard.id), saved);
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.list(target.surface, target.serviceId) });
    },
  });
}
