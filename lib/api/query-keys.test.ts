/** Query keys name the family, then where (organization, service), then the kind, then the id: one order in every family. */
import { describe, expect, it } from 'vitest';
import { alertKeys } from './alerts/keys';
import { dashboardKeys } from './dashboards/keys';
import { diagnosisKeys } from './diagnosis/keys';
import { endpointKeys } from './endpoints/keys';
import { keyKeys } from './keys/keys';
import { pipeHistoryKeys } from './pipe-history/keys';
import { pipeMetricsKeys } from './pipe-metrics/keys';
import { pipeKeys } from './pipes/keys';
import { scalingKeys } from './scaling/keys';
import { serviceKeys } from './services/keys';

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

  it('order alerts by their surface scope, then kind', () => {
    expect(alertKeys.list('managed:svc')).toEqual(['alerts', 'managed:svc', 'list']);
  });

  it('order the service families (endpoints, scaling, services) by organization, service, kind', () => {
    expect(endpointKeys.organization('org')).toEqual(['endpoints', 'org', 'organization']);
    expect(endpointKeys.service('org', 'svc')).toEqual(['endpoints', 'org', 'svc', 'service']);
    expect(endpointKeys.config('org', 'svc')).toEqual(['endpoints', 'org', 'svc', 'config']);
    expect(scalingKeys.cdc('org', 'svc')).toEqual(['scaling', 'org', 'svc', 'cdc']);
    expect(serviceKeys.list('org')).toEqual(['services', 'org', 'list']);
  });

  it("order a pipe's metrics, history and diagnosis by organization, service, kind, id", () => {
    expect(pipeMetricsKeys.service('org', 'svc')).toEqual(['pipe-metrics', 'org', 'svc', 'service']);
    expect(pipeMetricsKeys.pipe('org', 'svc', 'p1', '1h')).toEqual(['pipe-metrics', 'org', 'svc', 'pipe', 'p1', '1h']);
    expect(pipeHistoryKeys.timeline('org', 'svc', 'p1')).toEqual(['pipe-history', 'org', 'svc', 'timeline', 'p1']);
    expect(diagnosisKeys.access('org', 'svc')).toEqual(['pipe-diagnosis', 'org', 'svc', 'access']);
    expect(diagnosisKeys.section('org', 'svc', 'p1', 'log', 2)).toEqual([
      'pipe-diagnosis',
      'org',
      'svc',
      'section',
      'p1',
      'log',
      2,
    ]);
    expect(diagnosisKeys.reasons('org', 'svc', ['b', 'a'])).toEqual(['pipe-diagnosis', 'org', 'svc', 'reasons', 'a,b']);
  });

  it("start every key of a place with that place's prefix, so one invalidation reaches all of them", () => {
    const prefix = pipeKeys.service('org', 'svc');
    for (const key of [pipeKeys.list('org', 'svc'), pipeKeys.detail('org', 'svc', 'p1')])
      expect(key.slice(0, prefix.length)).toEqual([...prefix]);
    const keysPrefix = keyKeys.organization('org');
    for (const key of [keyKeys.list('org'), keyKeys.detail('org', 'k1')])
      expect(key.slice(0, keysPrefix.length)).toEqual([...keysPrefix]);
    expect(pipeKeys.list('org', 'other').slice(0, prefix.length)).not.toEqual([...prefix]);
    const diagnosisPrefix = diagnosisKeys.service('org', 'svc');
    for (const key of [
      diagnosisKeys.access('org', 'svc'),
      diagnosisKeys.section('org', 'svc', 'p1', 'log', 0),
      diagnosisKeys.reasons('org', 'svc', ['p1']),
    ])
      expect(key.slice(0, diagnosisPrefix.length)).toEqual([...diagnosisPrefix]);
    const sectionsPrefix = diagnosisKeys.sections('org', 'svc', 'p1');
    expect(diagnosisKeys.section('org', 'svc', 'p1', 'log', 3).slice(0, sectionsPrefix.length)).toEqual([
      ...sectionsPrefix,
    ]);
  });
});
