import type { AuditOperation } from '@/lib/audit/operations';

/** Which operation a BFF write is, and where its target's id sits in the path (the `id` group). */
interface Rule {
  method: string;
  pattern: RegExp;
  operation: AuditOperation;
  targetType: string;
}

const ORG = String.raw`^/api/cloud/v1/organizations/[^/]+`;
const SERVICE = String.raw`${ORG}/services/(?<service>[^/]+)`;
const PIPE = String.raw`${SERVICE}/datapipes/(?<id>[^/]+)`;
const MANAGED = String.raw`${SERVICE}/observability`;
const OSS = String.raw`^/api/observability/v2`;
const NOTIFY = String.raw`^/api/notifications`;
const DIAGNOSIS = String.raw`^/api/pipe-diagnosis/[^/]+/(?<service>[^/]+)`;

const rule = (method: string, pattern: string, operation: AuditOperation, targetType: string): Rule => ({
  method,
  pattern: new RegExp(`${pattern}$`),
  operation,
  targetType,
});

const RULES: readonly Rule[] = [
  rule('POST', '^/api/session/password', 'account.password', 'Console user'),
  rule('POST', '^/api/users', 'user.create', 'Console user'),
  rule('PATCH', '^/api/users/(?<id>[^/]+)', 'user.update', 'Console user'),
  rule('DELETE', '^/api/users/(?<id>[^/]+)', 'user.delete', 'Console user'),
  rule('POST', '^/api/users/(?<id>[^/]+)/password', 'user.password-reset', 'Console user'),
  rule('POST', `${ORG}/keys`, 'key.create', 'API key'),
  rule('PATCH', `${ORG}/keys/(?<id>[^/]+)`, 'key.update', 'API key'),
  rule('DELETE', `${ORG}/keys/(?<id>[^/]+)`, 'key.delete', 'API key'),
  rule('POST', `${SERVICE}/privateEndpoint`, 'endpoint.register', 'Private endpoint'),
  rule('PATCH', String.raw`${ORG}/services/(?<id>[^/]+)`, 'service.endpoints', 'Service'),
  rule('PATCH', String.raw`${ORG}/services/(?<id>[^/]+)/datapipesCdcScaling`, 'cdc-scaling.update', 'Service'),
  rule('POST', `${SERVICE}/datapipes`, 'pipe.create', 'Pipe'),
  rule('PATCH', PIPE, 'pipe.update', 'Pipe'),
  rule('DELETE', PIPE, 'pipe.delete', 'Pipe'),
  rule('PATCH', `${PIPE}/scaling`, 'pipe.scaling', 'Pipe'),
  rule('PUT', `${PIPE}/settings`, 'pipe.settings', 'Pipe'),
  rule('PATCH', `${PIPE}/state`, 'pipe.state', 'Pipe'),
  rule('POST', `${MANAGED}/dashboards`, 'dashboard.create', 'Managed dashboard'),
  rule('PUT', `${MANAGED}/dashboards/(?<id>[^/]+)`, 'dashboard.update', 'Managed dashboard'),
  rule('DELETE', `${MANAGED}/dashboards/(?<id>[^/]+)`, 'dashboard.delete', 'Managed dashboard'),
  rule('POST', `${MANAGED}/alerts`, 'alert.create', 'Managed alert'),
  rule('PUT', `${MANAGED}/alerts/(?<id>[^/]+)`, 'alert.update', 'Managed alert'),
  rule('DELETE', `${MANAGED}/alerts/(?<id>[^/]+)`, 'alert.delete', 'Managed alert'),
  rule('POST', `${OSS}/dashboards`, 'dashboard.create', 'Dashboard'),
  rule('PUT', `${OSS}/dashboards/(?<id>[^/]+)`, 'dashboard.update', 'Dashboard'),
  rule('DELETE', `${OSS}/dashboards/(?<id>[^/]+)`, 'dashboard.delete', 'Dashboard'),
  rule('POST', `${OSS}/alerts`, 'alert.create', 'Alert'),
  rule('PUT', `${OSS}/alerts/(?<id>[^/]+)`, 'alert.update', 'Alert'),
  rule('DELETE', `${OSS}/alerts/(?<id>[^/]+)`, 'alert.delete', 'Alert'),
  rule(
    'POST',
    String.raw`^/api/history/deleted/(?<kind>[^/]+)/(?<id>[^/]+)/restore`,
    'history.restore-deleted',
    'Deleted object',
  ),
  rule('POST', String.raw`^/api/history/(?<kind>[^/]+)/(?<id>[^/]+)/restore`, 'history.restore', 'Versioned object'),
  rule('POST', String.raw`^/api/pipe-diagnosis/[^/]+/(?<id>[^/]+)/access`, 'query-endpoint.enable', 'Service'),
  rule('POST', `${DIAGNOSIS}/(?<id>[^/]+)/(?:log|errors|rows)`, 'service.wake', 'Pipe'),
  rule('POST', `${NOTIFY}/channels`, 'notification-channel.create', 'Notification channel'),
  rule('PATCH', `${NOTIFY}/channels/(?<id>[^/]+)`, 'notification-channel.update', 'Notification channel'),
  rule('DELETE', `${NOTIFY}/channels/(?<id>[^/]+)`, 'notification-channel.delete', 'Notification channel'),
  rule('POST', `${NOTIFY}/channels/(?<id>[^/]+)/test`, 'notification-channel.test', 'Notification channel'),
  rule('POST', `${NOTIFY}/rules`, 'notification-rule.create', 'Notification rule'),
  rule('PATCH', `${NOTIFY}/rules/(?<id>[^/]+)`, 'notification-rule.update', 'Notification rule'),
  rule('DELETE', `${NOTIFY}/rules/(?<id>[^/]+)`, 'notification-rule.delete', 'Notification rule'),
  rule('POST', `${NOTIFY}/deliveries/(?<id>[^/]+)/retry`, 'notification-delivery.retry', 'Notification delivery'),
];

/** Mutations by method that change nothing: they are queries sent as POST. */
const QUERIES: readonly RegExp[] = [
  // Marking one's own notifications read changes nothing anyone else sees.
  /^\/api\/notifications\/read$/,
  new RegExp(`${OSS}/charts/series$`),
  new RegExp(`${OSS}/search$`),
];

export interface RouteOperation {
  operation: string;
  targetType: string | null;
  targetId: string | null;
}

const ID_SEGMENT = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{24})$/i;

/** The operation a write is; null for a query sent as POST, which the audit log leaves out. */
export function routeOperation(method: string, pathname: string): RouteOperation | null {
  if (QUERIES.some((pattern) => pattern.test(pathname))) return null;
  for (const candidate of RULES) {
    if (candidate.method !== method) continue;
    const match = candidate.pattern.exec(pathname);
    if (!match) continue;
    const targetId = match.groups?.id ?? null;
    return {
      operation: candidate.operation,
      targetType: candidate.targetType,
      targetId: targetId && decodeURIComponent(targetId),
    };
  }
  // A write added after this table: recorded under its shape, never dropped.
  const segments = pathname.split('/');
  const last = segments.at(-1) ?? '';
  const shape = segments.map((segment) => (ID_SEGMENT.test(segment) ? '{id}' : segment)).join('/');
  return { operation: `${method} ${shape}`, targetType: null, targetId: ID_SEGMENT.test(last) ? last : null };
}
