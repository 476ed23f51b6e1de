import { useQuery } from '@tanstack/react-query';
import { useConsole } from '@/lib/console/console-context';
import type { Surface } from '@/lib/observability/surface';
import type { AlertRecord } from '@/lib/schemas/observability/alert-bounds';
import { surfaceListFetch, surfaceScope } from '../surface-fetch';
import { alertKeys } from './keys';

export function useAlertsQuery(surface: Surface) {
  const service = useConsole();
  return useQuery({
    queryKey: alertKeys.list(surfaceScope(surface, service)),
    queryFn: ({ signal }) => surfaceListFetch<AlertRecord>(surface, service, 'alerts', signal),
  });
}
