import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Dashboard } from '@/lib/schemas/observability/dashboard';
import type { ApiRequestError } from '../client';
import type { MutationOptions } from '../query-options';
import { dashboardKeys } from './keys';
import { deleteDashboard, type SurfaceTarget } from './requests';

export function useDashboardDeleteMutation(
  target: SurfaceTarget,
  { onSuccess, ...options }: MutationOptions<unknown, string> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiRequestError, string>({
    mutationFn: (id) => deleteDashboard(target, id),
    ...options,
    onSuccess: async (result, id, onMutateResult, context) => {
      queryClient.removeQueries({ queryKey: dashboardKeys.detail(target.surface, target.serviceId, id) });
      queryClient.setQueryData<Dashboard[]>(dashboardKeys.list(target.surface, target.serviceId), (list) =>
        list?.filter((d) => d.id !== id),
      );
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.list(target.surface, target.serviceId) });
      await onSuccess?.(result, id, onMutateResult, context);
    },
  });
}
