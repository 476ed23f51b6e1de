import type { Alert, Dashboard, DashboardFilter, ObservabilityStore, Tile, Webhook } from '../state';
import type { FieldIssue } from './issues';
import type { AlertBody, DashboardBody } from './schemas';
import { configSourceId } from './tile-config';

/** Resolves tile ids: POST (no `existing`) gives every tile a fresh id; PUT keeps an id only where it exists on that dashboard. */
function tilesFrom(body: DashboardBody, newId: () => string, existing?: Dashboard): Tile[] {
  const known = new Set(existing?.tiles.map((t) => t.id) ?? []);
  const taken = new Set<string>();
  return body.tiles.map(({ id: sentId, asRatio, series, ...tile }) => {
    const id = sentId !== undefined && known.has(sentId) && !taken.has(sentId) ? sentId : newId();
    taken.add(id);
    return {
      id,
      ...tile,
      ...(asRatio === undefined ? {} : { asRatio }),
      ...(series ? { series: series.map((s) => ({ ...s })) } : {}),
    };
  });
}

/** Filters keep an id that is stored on the dashboard; others get a new one, as tiles do. */
function filtersFrom(body: DashboardBody, newId: () => string, existing?: Dashboard): DashboardFilter[] | undefined {
  if (!body.filters) return existing ? undefined : [];
  const known = new Set(existing?.filters?.map((f) => f.id) ?? []);
  return body.filters.map((filter) => {
    const sentId = 'id' in filter && typeof filter.id === 'string' ? filter.id : undefined;
    const kept = { ...filter };
    // A filter that is not a variable or not broadcast is answered without the fields that name it.
    if (kept.isVariableEnabled !== true) delete kept.variableName;
    if (kept.isBroadcastEnabled === false) delete kept.appliesToSourceIds;
    return { ...kept, id: sentId !== undefined && known.has(sentId) ? sentId : newId() };
  });
}

/** Fields beside the tiles: what the body sets, else (on a replace) what was stored. */
function extrasFrom(body: DashboardBody, newId: () => string, existing?: Dashboard): Partial<Dashboard> {
  const filters = filtersFrom(body, newId, existing);
  const pick = <K extends 'savedQuery' | 'savedQueryLanguage' | 'savedFilterValues' | 'containers'>(key: K) =>
    body[key] !== undefined ? { [key]: body[key] } : existing?.[key] !== undefined ? { [key]: existing[key] } : {};
  const savedQueryLanguage =
    body.savedQueryLanguage === undefined && typeof body.savedQuery === 'string' && body.savedQuery !== ''
      ? { savedQueryLanguage: 'lucene' as const }
      : pick('savedQueryLanguage');
  return {
    ...(filters ? { filters } : existing?.filters ? { filters: existing.filters } : {}),
    ...pick('savedQuery'),
    ...savedQueryLanguage,
    ...pick('savedFilterValues'),
    ...pick('containers'),
  };
}

/**
 * A dashboard as the service answers it: unset filters read as empty; an unset saved query reads
 * null on the open-source surface and is left out on the managed one (whose contract has no null).
 */
export function dashboardAnswer(dashboard: Dashboard, unset: 'null' | 'absent' = 'null'): Dashboard {
  const answer: Dashboard = {
    ...dashboard,
    filters: dashboard.filters ?? [],
    savedFilterValues: dashboard.savedFilterValues ?? [],
  };
  for (const key of ['savedQuery', 'savedQueryLanguage'] as const) {
    if (answer[key] === undefined || answer[key] === null) {
      if (unset === 'null') answer[key] = null;
      else delete answer[key];
    }
  }
  return answer;
}

export function unknownSourceIssues(store: ObservabilityStore, body: DashboardBody): FieldIssue[] {
  const known = new Set(store.sources.map((s) => s.id));
  const issues: FieldIssue[] = [];
  body.tiles.forEach((tile, t) => {
    tile.series?.forEach((series, s) => {
      if ('sourceId' in series && series.sourceId !== undefined && !known.has(series.sourceId)) {
        issues.push({ path: ['tiles', t, 'series', s, 'sourceId'], message: 'Source not found' });
      }
    });
    const configSource = tile.config ? configSourceId(tile.config) : undefined;
    if (configSource !== undefined && !known.has(configSource))
      issues.push({ path: ['tiles', t, 'config', 'sourceId'], message: 'Source not found' });
  });
  body.filters?.forEach((filter, f) => {
    if (!known.has(filter.sourceId)) issues.push({ path: ['filters', f, 'sourceId'], message: 'Source not found' });
  });
  return issues;
}

export function createDashboard(store: ObservabilityStore, body: DashboardBody, newId: () => string): Dashboard {
  const dashboard: Dashboard = {
    id: newId(),
    name: body.name,
    tags: body.tags ?? [],
    tiles: tilesFrom(body, newId),
    ...extrasFrom(body, newId),
  };
  store.dashboards.set(dashboard.id, dashboard);
  return dashboard;
}

/** Full replace. Alerts on tiles that are gone go with them, as in the real service. */
export function replaceDashboard(
  store: ObservabilityStore,
  existing: Dashboard,
  body: DashboardBody,
  newId: () => string,
): Dashboard {
  const dashboard: Dashboard = {
    id: existing.id,
    name: body.name,
    tags: body.tags ?? [],
    tiles: tilesFrom(body, newId, existing),
    ...extrasFrom(body, newId, existing),
  };
  store.dashboards.set(dashboard.id, dashboard);
  const tileIds = new Set(dashboard.tiles.map((t) => t.id));
  for (const [id, alert] of store.alerts) {
    if (alert.dashboardId === dashboard.id && alert.tileId !== undefined && !tileIds.has(alert.tileId))
      store.alerts.delete(id);
  }
  return dashboard;
}

export function deleteDashboard(store: ObservabilityStore, id: string): void {
  store.dashboards.delete(id);
  for (const [alertId, alert] of store.alerts) if (alert.dashboardId === id) store.alerts.delete(alertId);
}

/** References an alert body makes that must exist; `webhooks` is absent where the surface has none. */
export function alertReferenceIssues(
  store: ObservabilityStore,
  body: AlertBody,
  webhooks?: readonly Webhook[],
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (body.source === 'tile') {
    const dashboard = body.dashboardId === undefined ? undefined : store.dashboards.get(body.dashboardId);
    if (!dashboard) issues.push({ path: ['dashboardId'], message: 'Dashboard not found' });
    else if (!dashboard.tiles.some((t) => t.id === body.tileId))
      issues.push({ path: ['tileId'], message: 'Tile not found on the dashboard' });
  } else {
    issues.push({ path: ['savedSearchId'], message: 'Saved search not found' });
  }
  const channels = body.channels ?? (body.channel ? [body.channel] : []);
  channels.forEach((channel, i) => {
    if (webhooks && !webhooks.some((w) => w.id === channel.webhookId)) {
      issues.push({
        path: body.channels ? ['channels', i, 'webhookId'] : ['channel', 'webhookId'],
        message: 'Webhook not found',
      });
    }
  });
  return issues;
}

export function saveAlert(
  store: ObservabilityStore,
  body: AlertBody,
  ids: { id: string; createdAt: string; now: string },
  extra: Record<string, unknown> = {},
): Alert {
  const previous = store.alerts.get(ids.id);
  const channels = (body.channels ?? (body.channel ? [body.channel] : [])).map((c) => ({ ...c }));
  const alert: Alert = {
    ...extra,
    ...body,
    channel: channels[0],
    channels,
    id: ids.id,
    state: (previous?.state as string | undefined) ?? 'OK',
    createdAt: ids.createdAt,
    updatedAt: ids.now,
  };
  store.alerts.set(alert.id, alert);
  return alert;
}
