import { useMemo } from 'react';
import type { StoredTile } from '@/lib/charts/tile-view';
import type { Surface } from '@/lib/observability/surface';
import { useDashboardsQuery } from '../dashboards/use-dashboards-query';
import { useSurfaceTarget } from '../dashboards/use-surface-target';

/** A dashboard as a target of alerts: its id, name and tiles (with what each shows, for the alert's preview). */
export interface AlertTarget {
  id: string;
  name: string;
  tiles: { id: string; name: string; content: StoredTile }[];
}

interface DashboardLike {
  id: string;
  name?: string;
  tiles?: readonly ({ id?: string; name?: string } & Partial<StoredTile>)[];
}

export function toAlertTargets(dashboards: readonly DashboardLike[]): AlertTarget[] {
  return dashboards.map((d) => ({
    id: d.id,
    name: d.name || 'Untitled dashboard',
    tiles: (d.tiles ?? []).flatMap((t) =>
      t.id ? [{ id: t.id, name: t.name || 'Untitled tile', content: { ...t, name: t.name ?? '' } }] : [],
    ),
  }));
}

/** The surface's dashboards (the dashboards list's own query and cache) as alert targets. */
export function useAlertTargetsQuery(surface: Surface, options: { enabled?: boolean } = {}) {
  const dashboards = useDashboardsQuery(useSurfaceTarget(surface), options);
  const targets = useMemo(() => (dashboards.data ? toAlertTargets(dashboards.data) : undefined), [dashboards.data]);
  return { ...dashboards, data: targets };
}
