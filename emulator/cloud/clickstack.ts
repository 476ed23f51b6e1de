import { HttpError } from '../http/errors';
import { cloudValidationMessage, type FieldIssue } from '../observability/issues';
import { alertBodySchema, dashboardBodySchema, validate } from '../observability/schemas';
import {
  alertReferenceIssues,
  createDashboard,
  dashboardAnswer,
  deleteDashboard,
  replaceDashboard,
  saveAlert,
  unknownSourceIssues,
} from '../observability/store';
import { newUuid } from '../prng';
import type { Alert, Dashboard, ObservabilityStore } from '../state';
import { SERVICE, route, type CloudContext, type CloudRouter } from './context';
import { NO_RESULT } from './envelope';
import { requireService, uuidParam } from './lookup';

/** The service's managed observability (ClickStack); its store's shape is shared with the open-source surface. */
const BASE = `${SERVICE}/clickstack`;
const createBody = dashboardBodySchema('uuid', 'create');
const replaceBody = dashboardBodySchema('uuid', 'replace');

function storeOf(ctx: CloudContext): ObservabilityStore {
  return ctx.state.clickStackOf(requireService(ctx).id);
}

function rejectIf(issues: FieldIssue[]): void {
  if (issues.length) throw new HttpError(400, cloudValidationMessage(issues));
}

function parse<T>(result: { ok: true; value: T } | { ok: false; issues: FieldIssue[] }): T {
  if (!result.ok) throw new HttpError(400, cloudValidationMessage(result.issues));
  return result.value;
}

function findDashboard(ctx: CloudContext, store: ObservabilityStore): Dashboard {
  const id = uuidParam(ctx, 'clickStackDashboardId');
  const dashboard = store.dashboards.get(id);
  if (!dashboard) throw new HttpError(404, `dashboard ${id} not found`);
  return dashboard;
}

function findAlert(ctx: CloudContext, store: ObservabilityStore): Alert {
  const id = uuidParam(ctx, 'clickStackAlertId');
  const alert = store.alerts.get(id);
  if (!alert) throw new HttpError(404, `alert ${id} not found`);
  return alert;
}

function dashboardInput(ctx: CloudContext, store: ObservabilityStore, mode: 'create' | 'replace') {
  const body = parse(validate(mode === 'create' ? createBody : replaceBody, ctx.readJson()));
  rejectIf(unknownSourceIssues(store, body));
  return body;
}

function alertInput(ctx: CloudContext, store: ObservabilityStore) {
  const body = parse(validate(alertBodySchema, ctx.readJson()));
  rejectIf(alertReferenceIssues(store, body));
  return body;
}

export function registerClickStackRoutes(router: CloudRouter): void {
  router.get(
    `${BASE}/sources`,
    route('developer', (ctx) => structuredClone(storeOf(ctx).sources)),
  );

  router.get(
    `${BASE}/dashboards`,
    route('developer', (ctx) =>
      structuredClone([...storeOf(ctx).dashboards.values()].map((d) => dashboardAnswer(d, 'absent'))),
    ),
  );
  router.post(
    `${BASE}/dashboards`,
    route('developer', (ctx) => {
      const store = storeOf(ctx);
      return structuredClone(
        dashboardAnswer(createDashboard(store, dashboardInput(ctx, store, 'create'), newUuid), 'absent'),
      );
    }),
  );
  router.get(
    `${BASE}/dashboards/:clickStackDashboardId`,
    route('developer', (ctx) => structuredClone(dashboardAnswer(findDashboard(ctx, storeOf(ctx)), 'absent'))),
  );
  router.put(
    `${BASE}/dashboards/:clickStackDashboardId`,
    route('developer', (ctx) => {
      const store = storeOf(ctx);
      const existing = findDashboard(ctx, store);
      return structuredClone(
        dashboardAnswer(replaceDashboard(store, existing, dashboardInput(ctx, store, 'replace'), newUuid), 'absent'),
      );
    }),
  );
  router.delete(
    `${BASE}/dashboards/:clickStackDashboardId`,
    route('developer', (ctx) => {
      const store = storeOf(ctx);
      deleteDashboard(store, findDashboard(ctx, store).id);
      return NO_RESULT;
    }),
  );

  router.get(
    `${BASE}/alerts`,
    route('developer', (ctx) => structuredClone([...storeOf(ctx).alerts.values()])),
  );
  router.post(
    `${BASE}/alerts`,
    route('developer', (ctx) => {
      const store = storeOf(ctx);
      const body = alertInput(ctx, store);
      const now = new Date().toISOString();
      return structuredClone(saveAlert(store, body, { id: newUuid(), createdAt: now, now }));
    }),
  );
  router.get(
    `${BASE}/alerts/:clickStackAlertId`,
    route('developer', (ctx) => structuredClone(findAlert(ctx, storeOf(ctx)))),
  );
  router.put(
    `${BASE}/alerts/:clickStackAlertId`,
    route('developer', (ctx) => {
      const store = storeOf(ctx);
      const existing = findAlert(ctx, store);
      const body = alertInput(ctx, store);
      return structuredClone(
        saveAlert(store, body, { id: existing.id, createdAt: existing.createdAt, now: new Date().toISOString() }),
      );
    }),
  );
  router.delete(
    `${BASE}/alerts/:clickStackAlertId`,
    route('developer', (ctx) => {
      const store = storeOf(ctx);
      store.alerts.delete(findAlert(ctx, store).id);
      return NO_RESULT;
    }),
  );
}
