import { json } from '../http/respond';
import { dashboardBodySchema, validate } from '../observability/schemas';
import {
  createDashboard,
  dashboardAnswer,
  deleteDashboard,
  replaceDashboard,
  unknownSourceIssues,
} from '../observability/store';
import { newObjectId } from '../prng';
import type { Dashboard } from '../state';
import { API, bodyInvalid, notFoundText, objectIdParam, type OssContext, type OssRouter } from './context';

const BASE = `${API}/dashboards`;
const createBody = dashboardBodySchema('objectId', 'create');
const replaceBody = dashboardBodySchema('objectId', 'replace');

function findDashboard(ctx: OssContext): Dashboard {
  const dashboard = ctx.state.oss.dashboards.get(objectIdParam(ctx));
  if (!dashboard) throw notFoundText();
  return dashboard;
}

function dashboardInput(ctx: OssContext, mode: 'create' | 'replace') {
  const result = validate(mode === 'create' ? createBody : replaceBody, ctx.readJson());
  if (!result.ok) throw bodyInvalid(result.issues);
  const unknown = unknownSourceIssues(ctx.state.oss, result.value);
  if (unknown.length) throw bodyInvalid(unknown);
  return result.value;
}

export function registerDashboardRoutes(router: OssRouter): void {
  router.get(BASE, (ctx) =>
    json({ data: structuredClone([...ctx.state.oss.dashboards.values()].map((d) => dashboardAnswer(d))) }),
  );
  router.post(BASE, (ctx) =>
    json({
      data: structuredClone(
        dashboardAnswer(createDashboard(ctx.state.oss, dashboardInput(ctx, 'create'), newObjectId)),
      ),
    }),
  );
  router.get(`${BASE}/:id`, (ctx) => json({ data: structuredClone(dashboardAnswer(findDashboard(ctx))) }));
  router.put(`${BASE}/:id`, (ctx) => {
    const existing = findDashboard(ctx);
    return json({
      data: structuredClone(
        dashboardAnswer(replaceDashboard(ctx.state.oss, existing, dashboardInput(ctx, 'replace'), newObjectId)),
      ),
    });
  });
  router.delete(`${BASE}/:id`, (ctx) => {
    deleteDashboard(ctx.state.oss, findDashboard(ctx).id);
    return json({});
  });
}
