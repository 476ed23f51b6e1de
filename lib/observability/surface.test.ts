import { describe, expect, it } from 'vitest';
import { bffBasePath, bffPath, pagePath, surfaceCapabilities, surfaceOfPath } from './surface';

const service = {
  organizationId: '6a0b3c1e-2d4f-4a5b-8c9d-0e1f2a3b4c5d',
  serviceId: '7b1c4d2f-3e5a-4b6c-9d0e-1f2a3b4c5d6e',
};

describe('observability surfaces', () => {
  it('gives each surface its BFF paths', () => {
    expect(bffBasePath('oss', service)).toBe('/api/observability/v2');
    expect(bffPath('oss', service, 'dashboards', 'aaaaaaaaaaaaaaaaaaaaaaaa')).toBe(
      '/api/observability/v2/dashboards/aaaaaaaaaaaaaaaaaaaaaaaa',
    );
    expect(bffPath('managed', service, 'sources')).toBe(
      `/api/cloud/v1/organizations/${service.organizationId}/services/${service.serviceId}/observability/sources`,
    );
  });

  it('encodes ids so they cannot add a path level', () => {
    expect(bffPath('oss', service, 'dashboards', '../keys')).toBe('/api/observability/v2/dashboards/..%2Fkeys');
  });

  it('gives each surface its pages', () => {
    expect(pagePath('oss', 'dashboards', 'svc')).toBe('/dashboards');
    expect(pagePath('managed', 'dashboards', 'svc', 'abc')).toBe('/services/svc/managed/dashboards/abc');
    expect(pagePath('managed', 'alerts', 'svc')).toBe('/services/svc/managed/alerts');
    expect(pagePath('oss', 'webhooks', 'svc')).toBe('/webhooks');
    expect(() => pagePath('managed', 'webhooks', 'svc')).toThrow('no webhooks');
  });

  it('offers charts and webhooks only on the open-source surface', () => {
    expect(surfaceCapabilities('oss')).toEqual({ charts: true, webhooks: true });
    expect(surfaceCapabilities('managed')).toEqual({ charts: false, webhooks: false });
  });

  it('tells the surface from a console path', () => {
    expect(surfaceOfPath('/managed/dashboards/x')).toBe('managed');
    expect(surfaceOfPath('/services/svc/managed/alerts')).toBe('managed');
    expect(surfaceOfPath('/services/svc/pipes')).toBe('oss');
    expect(surfaceOfPath('/dashboards')).toBe('oss');
    expect(surfaceOfPath('/managedfoo')).toBe('oss');
  });
});
