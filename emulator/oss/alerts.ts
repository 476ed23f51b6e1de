import { HttpError } from '../http/errors';
import { json } from '../http/respond';
import { alertBodySchema, validate } from '../observability/schemas';
import { alertReferenceIssues, saveAlert } from '../observability/store';
import { newObjectId } from '../prng';
import type { Alert } from '../state';
import { evaluateAlert } from './alert-state';
import { listPage } from './pagination';
import { API, bodyInvalid, objectIdParam, type OssContext, type OssRouter } from './context';

const BASE = `${API}/alerts`;

function findAlert(ctx: OssContext): Alert {
  const alert = ctx.state.oss.alerts.get(objectIdParam(ctx));
  if (!alert) throw new HttpError(404, 'Alert not found', { json: { message: 'Alert not found' } });
  return alert;
}

function alertInput(ctx: OssContext) {
  const result = validate(alertBodySchema, ctx.readJson());
  if (!result.ok) throw bodyInvalid(result.issues);
  const unknown = alertReferenceIssues(ctx.state.oss, result.value, ctx.state.oss.webhooks);
  if (unknown.length) throw bodyInvalid(unknown);
  return result.value;
}

/** An alert as the service answers it: its state evaluated now, `channels` beside the first `channel`. */
function alertAnswer(ctx: OssContext, alert: Alert): Alert {
  const channel = alert.channel as Record<string, unknown> | undefined;
  const channels = (alert.channels as Record<string, unknown>[] | undefined) ?? (channel ? [channel] : []);
  return structuredClone({
    ...alert,
    ...evaluateAlert(ctx.state.oss, ctx.state.charts, alert, Date.now()),
    channel: channels[0],
    channels,
  });
}

export function registerAlertRoutes(router: OssRouter): void {
  router.get(BASE, (ctx) => {
    return json(
      listPage(
        ctx,
        [...ctx.state.oss.alerts.values()].map((alert) => alertAnswer(ctx, alert)),
      ),
    );
  });
  router.post(BASE, (ctx) => {
    const body = alertInput(ctx);
    const now = new Date().toISOString();
    const alert = saveAlert(
      ctx.state.oss,
      body,
      { id: newObjectId(), createdAt: now, now },
      { teamId: ctx.state.oss.teamId },
    );
    return json({ data: alertAnswer(ctx, alert) });
  });
  router.get(`${BASE}/:id`, (ctx) => json({ data: alertAnswer(ctx, findAlert(ctx)) }));
  router.put(`${BASE}/:id`, (ctx) => {
    const existing = findAlert(ctx);
    const body = alertInput(ctx);
    const alert = saveAlert(
      ctx.state.oss,
      body,
      { id: existing.id, createdAt: existing.createdAt, now: new Date().toISOString() },
      { teamId: ctx.state.oss.teamId },
    );
    return json({ data: alertAnswer(ctx, alert) });
  });
  router.delete(`${BASE}/:id`, (ctx) => {
    ctx.state.oss.alerts.delete(findAlert(ctx).id);
    return json({});
  });
}
