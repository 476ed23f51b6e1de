/** Which BFF requests touch a versioned object: every write the console makes to one, and the reads that notice changes. */
import { describe, expect, it } from 'vitest';
import { normalizeObject } from '@/lib/history/normalize';
import { objectRoute } from './routes-of-objects';

const ORG = '6a0b3c1e-2d4f-4a5b-8c9d-0e1f2a3b4c5d';
const SVC = '7b1c4d2f-3e5a-4b6c-9d0e-1f2a3b4c5d6e';
const PIPE = '11111111-2222-4333-8444-555555555555';
const OID = '65f0c0ffee0123456789abcd';
const svc = `/api/cloud/v1/organizations/${ORG}/services/${SVC}`;

describe('objectRoute', () => {
  it.each([
    ['PUT', `/api/observability/v2/dashboards/${OID}`, 'dashboards', 'answer', OID],
    ['POST', '/api/observability/v2/alerts', 'alerts', 'answer', null],
    ['DELETE', `/api/observability/v2/alerts/${OID}`, 'alerts', 'delete', OID],
    ['GET', '/api/observability/v2/dashboards', 'dashboards', 'list', null],
    ['PUT', `${svc}/observability/dashboards/${OID}`, 'managed-dashboards', 'answer', OID],
    ['PATCH', `${svc}/datapipes/${PIPE}`, 'pipes', 'answer', PIPE],
    ['PUT', `${svc}/datapipes/${PIPE}/settings`, 'pipes', 'reread', PIPE],
    ['PATCH', `${svc}/datapipes/${PIPE}/scaling`, 'pipes', 'reread', PIPE],
    ['PATCH', `${svc}/datapipes/${PIPE}/state`, 'pipes', 'reread', PIPE],
    ['PATCH', `/api/cloud/v1/organizations/${ORG}/keys/${PIPE}`, 'keys', 'answer', PIPE],
    ['POST', `${svc}/privateEndpoint`, 'endpoints', 'answer', null],
  ])('%s %s → %s %s', (method, path, kind, action, id) => {
    expect(objectRoute(method, path)).toEqual(expect.objectContaining({ kind, action, id }));
  });

  it('carries the organization and service of cloud objects, and leaves other requests alone', () => {
    expect(objectRoute('PATCH', `${svc}/datapipes/${PIPE}`)?.context).toEqual({ organizationId: ORG, serviceId: SVC });
    expect(objectRoute('POST', '/api/observability/v2/charts/series')).toBeNull();
    expect(objectRoute('GET', `${svc}/datapipes/${PIPE}/settings`)).toBeNull();
  });
});

describe('normalizeObject', () => {
  it('keeps what a person decides and drops what changes by itself', () => {
    expect(
      normalizeObject('pipes', { id: PIPE, name: 'p', state: 'Provisioning', updatedAt: 'now', extra: { newer: 1 } }),
    ).toEqual({ id: PIPE, name: 'p', runState: 'running', extra: { newer: 1 } });
    expect(normalizeObject('pipes', { id: PIPE, state: 'Stopping' })?.runState).toBe('stopped');
    expect(normalizeObject('keys', { id: PIPE, name: 'k', usedAt: 'now' })).toEqual({ id: PIPE, name: 'k' });
    expect(normalizeObject('alerts', { id: OID, threshold: 1, state: 'ALERT', executionErrors: [] })).toEqual({
      id: OID,
      threshold: 1,
    });
    expect(normalizeObject('dashboards', null)).toBeNull();
  });
});
