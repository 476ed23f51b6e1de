import { describe, expect, it } from 'vitest';
import { pageKindPath, servicePage, splitServicePath, switchServicePath } from './service-paths';

const A = '7b1c4d2f-3e5a-4b6c-9d0e-1f2a3b4c5d6e';
const B = '1a2b3c4d-5e6f-4a0b-8c1d-2e3f4a5b6c7d';

describe('service page addresses', () => {
  it('put the service first and encode every segment', () => {
    expect(servicePage(A, 'pipes')).toBe(`/services/${A}/pipes`);
    expect(servicePage(A, 'pipes', 'a/b')).toBe(`/services/${A}/pipes/a%2Fb`);
  });

  it('split into the service and the page', () => {
    expect(splitServicePath(`/services/${A}/pipes/x`)).toEqual({ serviceId: A, page: '/pipes/x' });
    expect(splitServicePath(`/services/${A}`)).toEqual({ serviceId: A, page: '/' });
    expect(splitServicePath('/keys')).toBeNull();
    expect(pageKindPath(`/services/${A}/managed/alerts`)).toBe('/managed/alerts');
    expect(pageKindPath('/dashboards')).toBe('/dashboards');
  });
});

describe('switching service', () => {
  it.each([
    [`/services/${A}/pipes`, `/services/${B}/pipes`],
    [`/services/${A}/pipes/9d3e5f4a-5b6c-4d7e-8f90-1a2b3c4d5e6f`, `/services/${B}/pipes`],
    [`/services/${A}/pipes/new`, `/services/${B}/pipes/new`],
    [`/services/${A}/scaling`, `/services/${B}/scaling`],
    [`/services/${A}/endpoints`, `/services/${B}/endpoints`],
    [`/services/${A}/managed/dashboards/abc`, `/services/${B}/managed/dashboards`],
    [`/services/${A}/managed/alerts`, `/services/${B}/managed/alerts`],
    ['/keys', `/services/${B}/pipes`],
    ['/', `/services/${B}/pipes`],
  ])('from %s goes to %s', (from, to) => {
    expect(switchServicePath(from, B)).toBe(to);
  });
});
