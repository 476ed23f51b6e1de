import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useConsole } from '@/lib/console/console-context';
import { bffPath, type Surface } from '@/lib/observability/surface';
import type { AlertBody } from '@/lib/schemas/observability/alert';
import type { AlertRecord } from '@/lib/schemas/observability/alert-bounds';
import { surfaceFetch, surfaceScope } from '../surface-fetch';
import { alertKeys } from './keys';

export interface AlertSaveVariables {
  /** Absent: create; present: full replace of that alert. */
  id?: string;
  body: AlertBody;
}

export function useAlertSaveMutation(surface: Surface) {
  const service = useConsole();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: AlertSaveVariables) =>
      surfaceFetch<AlertRecord>(surface, bffPath(surface, service, 'alerts', id), {
        method: id ? 'PUT' : 'POST',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.list(surfaceScope(surface, service)) }),
  });
}
