import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiRequestError } from '../client';
import type { MutationOptions } from '../query-options';
import { dashboardKeys } from './keys';
import {
  getDashboard,
  replaceDashboard,
  toDashboardBody,
  type SurfaceTarget,
  type VersionedDashboard,
} from './requests';

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
export async function changeDashboardDetails(
  target: SurfaceTarget,
  { id, name, tags }: DashboardDetailsChange,
): Promise<VersionedDashboard> {
  const { dashboard, etag } = await getDashboard(target, id);
  return replaceDashboard(target, id, toDashboardBody({ ...dashboard, name, tags }), etag);
}

export function useDashboardDetailsMutation(
  target: SurfaceTarget,
  { onSuccess, ...options }: MutationOptions<VersionedDashboard, DashboardDetailsChange> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<VersionedDashboard, ApiRequestError, DashboardDetailsChange>({
    mutationFn: (change) => changeDashboardDetails(target, change),
    ...options,
    onSuccess: async (saved, change, onMutateResult, context) => {
      queryClient.setQueryData(dashboardKeys.detail(target.surface, target.serviceId, saved.dashboard.id), saved);
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.list(target.surface, target.serviceId) });
      await onSuccess?.(saved, change, onMutateResult, context);
    },
  });
}
