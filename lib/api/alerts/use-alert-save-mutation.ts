import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useConsole } from '@/lib/console/console-context';
import { bffPath, type ServiceRef, type Surface } from '@/lib/observability/surface';
import type { AlertBody } from '@/lib/schemas/observability/alert';
import type { AlertRecord } from '@/lib/schemas/observability/alert-bounds';
import type { ApiRequestError } from '../client';
import type { MutationOptions } from '../query-options';
import { surfaceFetch, surfaceScope } from '../surface-fetch';
import { alertKeys } from './keys';

export interface AlertSaveVariables {
  /** Absent: create; present: full replace of that alert. */
  id?: string;
  body: AlertBody;
}

/** Creates an alert, or replaces one whole. */
export function saveAlert(
  surface: Surface,
  service: ServiceRef,
  { id, body }: AlertSaveVariables,
): Promise<AlertRecord> {
  return surfaceFetch<AlertRecord>(surface, bffPath(surface, service, 'alerts', id), {
    method: id ? 'PUT' : 'POST',
    body,
  });
}

export function useAlertSaveMutation(
  surface: Surface,
  { onSuccess, ...options }: MutationOptions<AlertRecord, AlertSaveVariables> = {},
) {
  const service = useConsole();
  const queryClient = useQueryClient();
  return useMutation<AlertRecord, ApiRequestError, AlertSaveVariables>({
    mutationFn: (variables) => saveAlert(surface, service, variables),
    ...options,
    onSuccess: async (alert, variables, onMutateResult, context) => {
      await queryClient.invalidateQueries({ queryKey: alertKeys.list(surfaceScope(surface, service)) });
      await onSuccess?.(alert, variables, onMutateResult, context);
    },
  });
}
