import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Dashboard, DashboardBody } from '@/lib/schemas/observability/dashboard';
import type { ApiRequestError } from '../client';
import type { MutationOptions } from '../query-options';
import { dashboardKeys } from './keys';
import { createDashboard, type SurfaceTarget } from './requests';

/** Create, duplicate and import all POST a body; the server assigns every id. */
export function useDashboardCreateMutation(
  target: SurfaceTarget,
  { onSuccess, ...options }: MutationOptions<Dashboard, DashboardBody> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<Dashboard, ApiRequestError, DashboardBody>({
    mutationFn: (body) => createDashboard(target, body),
    ...options,
    onSuccess: async (dashboard, body, onMutateResult, context) => {
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.list(target.surface, target.serviceId) });
      await onSuccess?.(dashboard, body, onMutateResult, context);
    },
  });
}
