import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Dashboard } from '@/lib/schemas/observability/dashboard';
import { dashboardKeys } from './keys';
import { deleteDashboard, type SurfaceTarget } from './requests';

export function useDashboardDeleteMutation(target: SurfaceTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteDashboard(target, id),
    onSuccess: async (_result, id) => {
      queryClient.removeQueries({ queryKey: dashboardKeys.detail(target.surface, target.serviceId, id) });
      queryClient.setQueryData<Dashboard[]>(dashboardKeys.list(target.surface, target.serviceId), (list) =>
        list?.filter((d) => d.id !== id),
      );
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.list(target.surface, target.serviceId) });
    },
  });
}
