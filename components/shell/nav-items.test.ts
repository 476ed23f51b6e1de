import { describe, expect, it } from 'vitest';
import { isActive, NAV_ITEMS, navHref } from './nav-items';

const SERVICE = '7b1c4d2f-3e5a-4b6c-9d0e-1f2a3b4c5d6e';
const item = (label: string) => NAV_ITEMS.find((candidate) => candidate.label === label)!;

describe('the console navigation', () => {
  it('links a service page to the current service, and an organization page to itself', () => {
    expect(navHref(item('Pipes'), SERVICE)).toBe(`/services/${SERVICE}/pipes`);
    expect(navHref(item('Database pipe scaling'), SERVICE)).toBe(`/services/${SERVICE}/scaling`);
    expect(navHref(item('Private endpoints'), SERVICE)).toBe(`/services/${SERVICE}/endpoints`);
    expect(navHref(item('API keys'), SERVICE)).toBe('/keys');
    expect(navHref(item('Overview'), SERVICE)).toBe('/');
    expect(navHref(item('Services'), SERVICE)).toBe('/services');
  });

  it('marks the area of a service page, the managed surface under its open-source twin', () => {
    expect(isActive(item('Pipes'), `/services/${SERVICE}/pipes/abc`)).toBe(true);
    expect(isActive(item('Dashboards'), `/services/${SERVICE}/managed/dashboards/x`)).toBe(true);
    expect(isActive(item('Alerts'), `/services/${SERVICE}/managed/alerts`)).toBe(true);
    expect(isActive(item('Overview'), `/services/${SERVICE}/pipes`)).toBe(false);
    expect(isActive(item('API keys'), '/keys')).toBe(true);
    expect(isActive(item('Pipes'), '/keys')).toBe(false);
    // The services list is an organization page; a service's own pages belong to their areas.
    expect(isActive(item('Services'), '/services')).toBe(true);
    expect(isActive(item('Services'), `/services/${SERVICE}/pipes`)).toBe(false);
  });
});
