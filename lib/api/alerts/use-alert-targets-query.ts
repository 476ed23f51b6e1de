import { useMemo } from 'react';
import type { Surface } from '@/lib/observability/surface';
import { useDashboardsQuery } from '../dashboards/use-dashboards-query';
import { useSurfaceTarget } from '../dashboards/use-surface-target';

/** A dashboard as a target of alerts: its id, name and tiles (ids and names only). */
export interface AlertTarget {
  id: string;
  name: string;
  tiles: { id: string; name: string }[];
}

interface DashboardLike {
  id: string;
  name?: string;
  tiles?: readonly { id?: string; name?: string }[];
}

export function toAlertTargets(dashboards: readonly DashboardLike[]): AlertTarget[] {
  return dashboards.map((d) => ({
    id: d.id,
    name: d.name || 'Untitled dashboard',
    tiles: (d.tiles ?? []).flatMap((t) => (t.id ? [{ id: t.id, name: t.name || 'Untitled tile' }] : [])),
  }));
}

/** The surface's dashboards (the dashboards list's own query and cache) as alert targets. */
export function useAlertTargetsQuery(surface: Surface) {
  const dashboards = useDashboardsQuery(useSurfaceTarget(surface));
  const targets = useMemo(() => (dashboards.data ? toAlertTargets(dashboards.data) : undefined), [dashboards.data]);
  return { ...dashboards, data: targets };
}
