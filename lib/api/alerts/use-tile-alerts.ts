import { useMemo } from 'react';
import type { Surface } from '@/lib/observability/surface';
import type { AlertRecord } from '@/lib/schemas/observability/alert-bounds';
import { useAlertsQuery } from './use-alerts-query';

/** Alerts of one dashboard grouped by tile id, so each tile can show that it has alerts. */
export function groupAlertsByTile(
  alerts: readonly AlertRecord[],
  dashboardId: string,
): ReadonlyMap<string, AlertRecord[]> {
  const byTile = new Map<string, AlertRecord[]>();
  for (const alert of alerts) {
    if (alert.dashboardId !== dashboardId || !alert.tileId) continue;
    const list = byTile.get(alert.tileId);
    if (list) list.push(alert);
    else byTile.set(alert.tileId, [alert]);
  }
  return byTile;
}

const EMPTY: ReadonlyMap<string, AlertRecord[]> = new Map();

/** `useTileAlerts(surface, dashboardId).get(tileId)` → that tile's alerts (undefined: none). */
export function useTileAlerts(surface: Surface, dashboardId: string): ReadonlyMap<string, AlertRecord[]> {
  const alerts = useAlertsQuery(surface);
  return useMemo(() => (alerts.data ? groupAlertsByTile(alerts.data, dashboardId) : EMPTY), [alerts.data, dashboardId]);
}
