import { describe, expect, it } from 'vitest';
import { routePattern } from './request-log';

describe('route pattern of a request', () => {
  it('puts parameter names back in place of their values', () => {
    expect(
      routePattern('/api/cloud/v1/organizations/6a0b/services/7b1c/datapipes/p%201/state', {
        organizationId: '6a0b',
        serviceId: '7b1c',
        pipeId: 'p 1',
      }),
    ).toBe('/api/cloud/v1/organizations/[organizationId]/services/[serviceId]/datapipes/[pipeId]/state');
    expect(routePattern('/api/nothing/here/at/all', { unknown: ['nothing', 'here', 'at', 'all'] })).toBe(
      '/api/[...unknown]',
    );
    expect(routePattern('/api/health', {})).toBe('/api/health');
  });
});
