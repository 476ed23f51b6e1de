import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useConsole } from '@/lib/console/console-context';
import { bffPath, type ServiceRef, type Surface } from '@/lib/observability/surface';
import type { AlertRecord } from '@/lib/schemas/observability/alert-bounds';
import { apiFetch, type ApiRequestError } from '../client';
import type { MutationOptions } from '../query-options';
import { surfaceScope } from '../surface-fetch';
import { alertKeys } from './keys';

/** Deletes an alert of the surface. */
export function deleteAlert(surface: Surface, service: ServiceRef, alertId: string): Promise<unknown> {
  return apiFetch<unknown>(bffPath(surface, service, 'alerts', alertId), { method: 'DELETE' });
}

export function useAlertDeleteMutation(
  surface: Surface,
  { onSuccess, ...options }: MutationOptions<unknown, string> = {},
) {
  const service = useConsole();
  const queryClient = useQueryClient();
  const listKey = alertKeys.list(surfaceScope(surface, service));
  return useMutation<unknown, ApiRequestError, string>({
    mutationFn: (alertId) => deleteAlert(surface, service, alertId),
    ...options,
    onSuccess: async (result, alertId, onMutateResult, context) => {
      queryClient.setQueryData<AlertRecord[]>(listKey, (list) => list?.filter((a) => a.id !== alertId));
      await queryClient.invalidateQueries({ queryKey: listKey });
      await onSuccess?.(result, alertId, onMutateResult, context);
    },
  });
}
