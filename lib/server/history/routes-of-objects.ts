import type { HistoryKind } from '@/lib/history/kinds';
import type { ObjectContext } from './store';

/**
 * Which BFF requests touch a versioned object, and how: a write whose answer is the object as it
 * became (`answer`), a write after which the object is read again (`reread`: a pipe's settings,
 * scaling and state answer with less than the pipe), a delete, a read of one object or of a list.
 */

export type ObjectAction = 'answer' | 'reread' | 'delete' | 'read' | 'list';

export interface ObjectRoute {
  kind: HistoryKind;
  action: ObjectAction;
  /** Null when the id is in the answer (a creation) or for a list. */
  id: string | null;
  context: ObjectContext;
}

const ORG = String.raw`^/api/cloud/v1/organizations/(?<organizationId>[^/]+)`;
const SERVICE = String.raw`${ORG}/services/(?<serviceId>[^/]+)`;
const PIPE = String.raw`${SERVICE}/datapipes/(?<id>[^/]+)`;
const MANAGED = String.raw`${SERVICE}/observability`;
const OSS = String.raw`^/api/observability/v2`;

interface Rule {
  method: string;
  pattern: RegExp;
  kind: HistoryKind;
  action: ObjectAction;
}

const rule = (method: string, pattern: string, kind: HistoryKind, action: ObjectAction): Rule => ({
  method,
  pattern: new RegExp(`${pattern}$`),
  kind,
  action,
});

const RULES: readonly Rule[] = [
  rule('POST', `${OSS}/dashboards`, 'dashboards', 'answer'),
  rule('PUT', `${OSS}/dashboards/(?<id>[^/]+)`, 'dashboards', 'answer'),
  rule('DELETE', `${OSS}/dashboards/(?<id>[^/]+)`, 'dashboards', 'delete'),
  rule('GET', `${OSS}/dashboards/(?<id>[^/]+)`, 'dashboards', 'read'),
  rule('GET', `${OSS}/dashboards`, 'dashboards', 'list'),
  rule('POST', `${OSS}/alerts`, 'alerts', 'answer'),
  rule('PUT', `${OSS}/alerts/(?<id>[^/]+)`, 'alerts', 'answer'),
  rule('DELETE', `${OSS}/alerts/(?<id>[^/]+)`, 'alerts', 'delete'),
  rule('GET', `${OSS}/alerts/(?<id>[^/]+)`, 'alerts', 'read'),
  rule('GET', `${OSS}/alerts`, 'alerts', 'list'),
  rule('POST', `${MANAGED}/dashboards`, 'managed-dashboards', 'answer'),
  rule('PUT', `${MANAGED}/dashboards/(?<id>[^/]+)`, 'managed-dashboards', 'answer'),
  rule('DELETE', `${MANAGED}/dashboards/(?<id>[^/]+)`, 'managed-dashboards', 'delete'),
  rule('GET', `${MANAGED}/dashboards/(?<id>[^/]+)`, 'managed-dashboards', 'read'),
  rule('GET', `${MANAGED}/dashboards`, 'managed-dashboards', 'list'),
  rule('POST', `${MANAGED}/alerts`, 'managed-alerts', 'answer'),
  rule('PUT', `${MANAGED}/alerts/(?<id>[^/]+)`, 'managed-alerts', 'answer'),
  rule('DELETE', `${MANAGED}/alerts/(?<id>[^/]+)`, 'managed-alerts', 'delete'),
  rule('GET', `${MANAGED}/alerts/(?<id>[^/]+)`, 'managed-alerts', 'read'),
  rule('GET', `${MANAGED}/alerts`, 'managed-alerts', 'list'),
  rule('POST', `${SERVICE}/datapipes`, 'pipes', 'answer'),
  rule('PATCH', PIPE, 'pipes', 'answer'),
  rule('DELETE', PIPE, 'pipes', 'delete'),
  rule('GET', PIPE, 'pipes', 'read'),
  rule('GET', `${SERVICE}/datapipes`, 'pipes', 'list'),
  rule('PATCH', `${PIPE}/scaling`, 'pipes', 'reread'),
  rule('PUT', `${PIPE}/settings`, 'pipes', 'reread'),
  rule('PATCH', `${PIPE}/state`, 'pipes', 'reread'),
  rule('POST', `${ORG}/keys`, 'keys', 'answer'),
  rule('PATCH', `${ORG}/keys/(?<id>[^/]+)`, 'keys', 'answer'),
  rule('GET', `${ORG}/keys/(?<id>[^/]+)`, 'keys', 'read'),
  rule('GET', `${ORG}/keys`, 'keys', 'list'),
  rule('POST', `${SERVICE}/privateEndpoint`, 'endpoints', 'answer'),
];

export function objectRoute(method: string, pathname: string): ObjectRoute | null {
  for (const candidate of RULES) {
    if (candidate.method !== method) continue;
    const match = candidate.pattern.exec(pathname);
    if (!match) continue;
    const groups = match.groups ?? {};
    const context: ObjectContext = {};
    if (groups.organizationId) context.organizationId = decodeURIComponent(groups.organizationId);
    if (groups.serviceId) context.serviceId = decodeURIComponent(groups.serviceId);
    return {
      kind: candidate.kind,
      action: candidate.action,
      id: groups.id ? decodeURIComponent(groups.id) : null,
      context,
    };
  }
  return null;
}
