import { useMemo } from 'react';
import { useConsole } from '@/lib/console/console-context';
import type { Surface } from '@/lib/observability/surface';
import type { SurfaceTarget } from './requests';

/** The surface plus the managed surface's service ids from the console context. */
export function useSurfaceTarget(surface: Surface): SurfaceTarget {
  const { organizationId, serviceId } = useConsole();
  return useMemo(() => ({ surface, organizationId, serviceId }), [surface, organizationId, serviceId]);
}
