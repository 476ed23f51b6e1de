import { describe, expect, it } from 'vitest';
import { pageKindPath } from '@/lib/console/service-paths';
import {
  KEYS_HEADING,
  OVERVIEW_HEADING,
  PIPES_HEADING,
  SCALING_HEADING,
  SERVICES_HEADING,
  USERS_HEADING,
  dashboardsHeading,
  headingOfPage,
} from './page-headings';

const service = '/services/6a5b4c3d-2e1f-4a0b-8c9d-7e6f5a4b3c21';

describe('headingOfPage', () => {
  it("gives a streamed page's loading state the heading the page shows", () => {
    expect(headingOfPage('/')).toBe(OVERVIEW_HEADING);
    expect(headingOfPage('/keys')).toBe(KEYS_HEADING);
    expect(headingOfPage(pageKindPath('/services'))).toBe(SERVICES_HEADING);
    expect(headingOfPage('/users')).toBe(USERS_HEADING);
    expect(headingOfPage(pageKindPath(`${service}/pipes`))).toBe(PIPES_HEADING);
    expect(headingOfPage(pageKindPath(`${service}/scaling`))).toBe(SCALING_HEADING);
    expect(headingOfPage('/dashboards')).toEqual(dashboardsHeading('oss'));
    expect(headingOfPage(pageKindPath(`${service}/managed/dashboards`))?.description).toBe(
      'Dashboards of the managed (this service) observability surface.',
    );
  });

  it('gives none to a page whose heading comes with its data, or to a page below a list', () => {
    expect(headingOfPage(pageKindPath(`${service}/pipes/new`))).toBeUndefined();
    expect(headingOfPage(pageKindPath(`${service}/pipes/0b4f6a2e-1c3d-4e5f-8a9b-0c1d2e3f4a5b`))).toBeUndefined();
    expect(headingOfPage('/dashboards/0123456789abcdef01234567')).toBeUndefined();
  });
});
