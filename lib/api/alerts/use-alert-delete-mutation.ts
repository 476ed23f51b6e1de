import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useConsole } from '@/lib/console/console-context';
import { bffPath, type Surface } from '@/lib/observability/surface';
import type { AlertRecord } from '@/lib/schemas/observability/alert-bounds';
import { apiFetch } from '../client';
import { surfaceScope } from '../surface-fetch';
import { alertKeys } from './keys';

export function useAlertDeleteMutation(surface: Surface) {
  const service = useConsole();
  const queryClient = useQueryClient();
  const listKey = alertKeys.list(surfaceScope(surface, service));
  return useMutation({
    mutationFn: (alertId: string) =>
      apiFetch<unknown>(bffPath(surface, service, 'alerts', alertId), { method: 'DELETE' }),
    onSuccess: async (_result, alertId) => {
      queryClient.setQueryData<AlertRecord[]>(listKey, (list) => list?.filter((a) => a.id !== alertId));
      await queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
}
