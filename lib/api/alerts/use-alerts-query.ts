import { useQuery } from '@tanstack/react-query';
import { useConsole } from '@/lib/console/console-context';
import type { ServiceRef, Surface } from '@/lib/observability/surface';
import type { AlertRecord } from '@/lib/schemas/observability/alert-bounds';
import type { ApiRequestError } from '../client';
import type { QueryOptions } from '../query-options';
import { surfaceListFetch, surfaceScope } from '../surface-fetch';
import { alertKeys } from './keys';

/** Every alert of the surface (all pages). */
export function getAlerts(surface: Surface, service: ServiceRef, signal?: AbortSignal): Promise<AlertRecord[]> {
  return surfaceListFetch<AlertRecord>(surface, service, 'alerts', signal);
}

export function useAlertsQuery<TData = AlertRecord[]>(
  surface: Surface,
  options: QueryOptions<AlertRecord[], TData> = {},
) {
  const service = useConsole();
  return useQuery<AlertRecord[], ApiRequestError, TData>({
    queryKey: alertKeys.list(surfaceScope(surface, service)),
    queryFn: ({ signal }) => getAlerts(surface, service, signal),
    ...options,
  });
}
