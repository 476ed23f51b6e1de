import { describe, expect, it } from 'vitest';
import { routeOperation } from './route-operations';

const ORG = '/api/cloud/v1/organizations/6a0b3c1e-2d4f-4a5b-8c9d-0e1f2a3b4c5d';
const SVC = `${ORG}/services/7b1c4d2f-3e5a-4b6c-9d0e-1f2a3b4c5d6e`;
const ID = '9d3e5f4a-5b6c-4d7e-8f90-1a2b3c4d5e6f';
const OID = '65f0c0ffee0123456789abcd';

describe('routeOperation', () => {
  it.each([
    ['POST', `${ORG}/keys`, 'key.create', 'API key', null],
    ['PATCH', `${ORG}/keys/${ID}`, 'key.update', 'API key', ID],
    ['DELETE', `${ORG}/keys/${ID}`, 'key.delete', 'API key', ID],
    ['POST', `${SVC}/privateEndpoint`, 'endpoint.register', 'Private endpoint', null],
    ['PATCH', SVC, 'service.endpoints', 'Service', '7b1c4d2f-3e5a-4b6c-9d0e-1f2a3b4c5d6e'],
    ['PATCH', `${SVC}/datapipesCdcScaling`, 'cdc-scaling.update', 'Service', '7b1c4d2f-3e5a-4b6c-9d0e-1f2a3b4c5d6e'],
    ['POST', `${SVC}/datapipes`, 'pipe.create', 'Pipe', null],
    ['PATCH', `${SVC}/datapipes/${ID}`, 'pipe.update', 'Pipe', ID],
    ['DELETE', `${SVC}/datapipes/${ID}`, 'pipe.delete', 'Pipe', ID],
    ['PATCH', `${SVC}/datapipes/${ID}/scaling`, 'pipe.scaling', 'Pipe', ID],
    ['PUT', `${SVC}/datapipes/${ID}/settings`, 'pipe.settings', 'Pipe', ID],
    ['PATCH', `${SVC}/datapipes/${ID}/state`, 'pipe.state', 'Pipe', ID],
    ['POST', `${SVC}/observability/dashboards`, 'dashboard.create', 'Managed dashboard', null],
    ['PUT', `${SVC}/observability/dashboards/${OID}`, 'dashboard.update', 'Managed dashboard', OID],
    ['DELETE', `${SVC}/observability/alerts/${ID}`, 'alert.delete', 'Managed alert', ID],
    ['POST', '/api/observability/v2/dashboards', 'dashboard.create', 'Dashboard', null],
    ['PUT', `/api/observability/v2/alerts/${OID}`, 'alert.update', 'Alert', OID],
    ['POST', '/api/session/password', 'account.password', 'Console user', null],
  ])('%s %s → %s', (method, path, operation, targetType, targetId) => {
    expect(routeOperation(method, path)).toEqual({ operation, targetType, targetId });
  });

  it('leaves chart queries out, and records a write it does not know under its shape', () => {
    expect(routeOperation('POST', '/api/observability/v2/charts/series')).toBeNull();
    expect(routeOperation('POST', `${SVC}/datapipes/${ID}/rewind`)).toEqual({
      operation: 'POST /api/cloud/v1/organizations/{id}/services/{id}/datapipes/{id}/rewind',
      targetType: null,
      targetId: null,
    });
    expect(routeOperation('DELETE', `/api/observability/v2/webhooks/${OID}`)).toEqual({
      operation: 'DELETE /api/observability/v2/webhooks/{id}',
      targetType: null,
      targetId: OID,
    });
  });
});
