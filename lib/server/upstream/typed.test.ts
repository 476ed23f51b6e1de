import { describe, expect, it } from 'vitest';
import { fillPath } from './typed';

describe('fillPath', () => {
  it("fills each parameter of the document's path, encoded, so an id never adds a path level", () => {
    expect(
      fillPath('/v1/organizations/{organizationId}/keys/{keyId}', { organizationId: 'org', keyId: '../a b?c' }),
    ).toBe('/v1/organizations/org/keys/..%2Fa%20b%3Fc');
  });

  it("gives the path in the console's own dialect, which the upstream client translates back", () => {
    expect(
      fillPath('/v1/organizations/{organizationId}/services/{serviceId}/clickpipes/{clickPipeId}', {
        organizationId: 'o',
        serviceId: 's',
        clickPipeId: 'p',
      }),
    ).toBe('/v1/organizations/o/services/s/datapipes/p');
  });

  it('refuses a path whose parameter has no value', () => {
    expect(() => fillPath('/v1/organizations/{organizationId}/keys', {})).toThrow(/organizationId/);
  });
});
