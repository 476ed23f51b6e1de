import { json } from '../http/respond';
import { dashboardBodySchema, validate } from '../observability/schemas';
import { createDashboard, deleteDashboard, replaceDashboard, unknownSourceIssues } from '../observability/store';
import { newObjectId } from '../prng';
import type { Dashboard } from '../state';
import { API, bodyInvalid, notFoundText, objectIdParam, type OssContext, type OssRouter } from './context';

const BASE = `${API}/dashboards`;
const dashboardBody = dashboardBodySchema('objectId');

function findDashboard(ctx: OssContext): Dashboard {
  const dashboard = ctx.state.oss.dashboards.get(objectIdParam(ctx));
  if (!dashboard) throw notFoundText();
  return dashboard;
}

function dashboardInput(ctx: OssContext) {
  const result = validate(dashboardBody, ctx.readJson());
  if (!result.ok) throw bodyInvalid(result.issues);
  const unknown = unknownSourceIssues(ctx.state.oss, result.value);
  if (unknown.length) throw bodyInvalid(unknown);
  return result.value;
}

export function registerDashboardRoutes(router: OssRouter): void {
  router.get(BASE, (ctx) => json({ data: structuredClone([...ctx.state.oss.dashboards.values()]) }));
  router.post(BASE, (ctx) => json({ data: structuredClone(createDashboard(ctx.state.oss, dashboardInput(ctx), newObjectId)) }));
  router.get(`${BASE}/:id`, (ctx) => json({ data: structuredClone(findDashboard(ctx)) }));
  router.put(`${BASE}/:id`, (ctx) => {
    const existing = findDashboard(ctx);
    return json({ data: structuredClone(replaceDashboard(ctx.state.oss, existing, dashboardInput(ctx), newObjectId)) });
  });
  router.delete(`${BASE}/:id`, (ctx) => {
    deleteDashboard(ctx.state.oss, findDashboard(ctx).id);
    return json({});
  });
}
