/** Query keys name the family, then where (organization, service), then the kind, then the id: one order in every family. */
import { describe, expect, it } from 'vitest';
import { dashboardKeys } from './dashboards/keys';
import { keyKeys } from './keys/keys';
import { pipeKeys } from './pipes/keys';

describe('query keys', () => {
  it('order pipes by organization, service, kind, id', () => {
    expect(pipeKeys.list('org', 'svc')).toEqual(['pipes', 'org', 'svc', 'list']);
    expect(pipeKeys.detail('org', 'svc', 'p1')).toEqual(['pipes', 'org', 'svc', 'detail', 'p1']);
  });

  it('order API keys by organization, kind, id', () => {
    expect(keyKeys.list('org')).toEqual(['keys', 'org', 'list']);
    expect(keyKeys.detail('org', 'k1')).toEqual(['keys', 'org', 'detail', 'k1']);
  });

  it('order dashboards by surface and service, kind, id', () => {
    expect(dashboardKeys.list('managed', 'svc')).toEqual(['dashboards', 'managed', 'svc', 'list']);
    expect(dashboardKeys.detail('managed', 'svc', 'd1')).toEqual(['dashboards', 'managed', 'svc', 'detail', 'd1']);
  });

  it("start every key of a place with that place's prefix, so one invalidation reaches all of them", () => {
    const prefix = pipeKeys.service('org', 'svc');
    for (const key of [pipeKeys.list('org', 'svc'), pipeKeys.detail('org', 'svc', 'p1')])
      expect(key.slice(0, prefix.length)).toEqual([...prefix]);
    const keysPrefix = keyKeys.organization('org');
    for (const key of [keyKeys.list('org'), keyKeys.detail('org', 'k1')])
      expect(key.slice(0, keysPrefix.length)).toEqual([...keysPrefix]);
    expect(pipeKeys.list('org', 'other').slice(0, prefix.length)).not.toEqual([...prefix]);
  });
});
