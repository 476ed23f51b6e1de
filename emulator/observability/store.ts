import type { Alert, Dashboard, ObservabilityStore, Tile, Webhook } from '../state';
import type { FieldIssue } from './issues';
import type { AlertBody, DashboardBody } from './schemas';

/** Resolves tile ids: POST (no `existing`) gives every tile a fresh id; PUT keeps an id only where it exists on that dashboard. */
function tilesFrom(body: DashboardBody, newId: () => string, existing?: Dashboard): Tile[] {
  const known = new Set(existing?.tiles.map((t) => t.id) ?? []);
  const taken = new Set<string>();
  return body.tiles.map(({ id: sentId, asRatio, ...tile }) => {
    const id = sentId !== undefined && known.has(sentId) && !taken.has(sentId) ? sentId : newId();
    taken.add(id);
    return { id, ...tile, ...(asRatio === undefined ? {} : { asRatio }), series: tile.series.map((s) => ({ ...s })) };
  });
}

export function unknownSourceIssues(store: ObservabilityStore, body: DashboardBody): FieldIssue[] {
  const known = new Set(store.sources.map((s) => s.id));
  const issues: FieldIssue[] = [];
  body.tiles.forEach((tile, t) =>
    tile.series.forEach((series, s) => {
      if ('sourceId' in series && series.sourceId !== undefined && !known.has(series.sourceId)) {
        issues.push({ path: ['tiles', t, 'series', s, 'sourceId'], message: 'Source not found' });
      }
    }),
  );
  return issues;
}

export function createDashboard(store: ObservabilityStore, body: DashboardBody, newId: () => string): Dashboard {
  const dashboard: Dashboard = { id: newId(), name: body.name, tags: body.tags ?? [], tiles: tilesFrom(body, newId) };
  store.dashboards.set(dashboard.id, dashboard);
  return dashboard;
}

/** Full replace. Alerts on tiles that are gone go with them, as in the real service. */
export function replaceDashboard(store: ObservabilityStore, existing: Dashboard, body: DashboardBody, newId: () => string): Dashboard {
  const dashboard: Dashboard = { id: existing.id, name: body.name, tags: body.tags ?? [], tiles: tilesFrom(body, newId, existing) };
  store.dashboards.set(dashboard.id, dashboard);
  const tileIds = new Set(dashboard.tiles.map((t) => t.id));
  for (const [id, alert] of store.alerts) {
    if (alert.dashboardId === dashboard.id && alert.tileId !== undefined && !tileIds.has(alert.tileId)) store.alerts.delete(id);
  }
  return dashboard;
}

export function deleteDashboard(store: ObservabilityStore, id: string): void {
  store.dashboards.delete(id);
  for (const [alertId, alert] of store.alerts) if (alert.dashboardId === id) store.alerts.delete(alertId);
}

/** References an alert body makes that must exist; `webhooks` is absent where the surface has none. */
export function alertReferenceIssues(store: ObservabilityStore, body: AlertBody, webhooks?: readonly Webhook[]): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (body.source === 'tile') {
    const dashboard = body.dashboardId === undefined ? undefined : store.dashboards.get(body.dashboardId);
    if (!dashboard) issues.push({ path: ['dashboardId'], message: 'Dashboard not found' });
    else if (!dashboard.tiles.some((t) => t.id === body.tileId)) issues.push({ path: ['tileId'], message: 'Tile not found on the dashboard' });
  } else {
    issues.push({ path: ['savedSearchId'], message: 'Saved search not found' });
  }
  if (webhooks && !webhooks.some((w) => w.id === body.channel.webhookId)) {
    issues.push({ path: ['channel', 'webhookId'], message: 'Webhook not found' });
  }
  return issues;
}

export function saveAlert(
  store: ObservabilityStore,
  body: AlertBody,
  ids: { id: string; createdAt: string; now: string },
  extra: Record<string, unknown> = {},
): Alert {
  const previous = store.alerts.get(ids.id);
  const alert: Alert = {
    ...extra,
    ...body,
    channel: { ...body.channel },
    id: ids.id,
    state: (previous?.state as string | undefined) ?? 'OK',
    createdAt: ids.createdAt,
    updatedAt: ids.now,
  };
  store.alerts.set(alert.id, alert);
  return alert;
}
