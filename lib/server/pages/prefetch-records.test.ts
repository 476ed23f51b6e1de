/**
 * The overview's reads on the server: the services list is its one cloud read for pipes; every
 * awake service's pipe names and states come from the one organization-wide metrics scrape, not a
 * pipes list per service (20 people arriving at once would otherwise fill the cloud's budget).
 */
import type { DehydratedState } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pipeMetricsKeys } from '@/lib/api/pipe-metrics/keys';
import { serviceKeys } from '@/lib/api/services/keys';
import type { ServicePipeMetrics } from '@/lib/pipes/metrics/views';
import { resetPipeMetricsSampler } from '../pipe-metrics/service';
import { json, ORG_ID, SERVICE_ID, sessionCookieFor, stubUpstreamForFile } from '../test-support';
import { prefetchRecords } from './prefetch-records';

// The services here carry only what the overview reads, not every field of the published record;
// the checks are switched when their module loads, so before any import.
vi.hoisted(() => {
  process.env.SLUICE_CONTRACT_CHECKS = 'off';
});

const session = { cookie: '' };
vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) =>
      session.cookie.startsWith(`${name}=`) ? { name, value: session.cookie.slice(name.length + 1) } : undefined,
  }),
}));

const STAGING = '8c2d5e3a-4f6b-4c7d-8e9f-2a3b4c5d6e7f';
const DEVELOPMENT = '9d3e6f4b-5a7c-4d8e-9f0a-3b4c5d6e7f80';
const SERVICES = [
  { id: SERVICE_ID, name: 'Production', state: 'running' },
  { id: STAGING, name: 'Staging', state: 'running' },
  { id: DEVELOPMENT, name: 'Development', state: 'stopped' },
];
const ORDERS = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const LEGACY = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
const CLICKS = '3c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f';
const info = (service: string, id: string, name: string, state: string) =>
  `ClickPipes_Info{clickhouse_org="${ORG_ID}",clickhouse_service="${service}",clickpipe_id="${id}",clickpipe_name="${name}",clickpipe_state="${state}"} 1`;
const ORGANIZATION_METRICS = `# TYPE ClickPipes_Info gauge
${info(SERVICE_ID, ORDERS, 'Orders', 'Running')}
${info(SERVICE_ID, LEGACY, 'Legacy audit log', 'Failed')}
${info(STAGING, CLICKS, 'Clicks', 'Running')}
`;

const upstream = stubUpstreamForFile();

beforeEach(async () => {
  resetPipeMetricsSampler();
  session.cookie = await sessionCookieFor('viewer');
  upstream.stub.handle((req, res) => {
    const path = req.url?.split('?')[0];
    if (path === `/v1/organizations/${ORG_ID}/services`)
      return json(res, 200, { status: 200, requestId: 'r', result: SERVICES });
    if (path === `/v1/organizations/${ORG_ID}/prometheus`) {
      res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' });
      return res.end(ORGANIZATION_METRICS);
    }
    json(res, 500, { status: 500, error: 'INTERNAL_ERROR: not expected here', requestId: 'r' });
  });
});

/** The data a dehydrated state holds under `key`. */
function dataOf(states: DehydratedState[], key: readonly unknown[]): unknown {
  const hash = JSON.stringify(key);
  for (const state of states)
    for (const query of state.queries) if (JSON.stringify(query.queryKey) === hash) return query.state.data;
  return undefined;
}

describe('the overview read on the server', () => {
  it('reads the services list and one organization-wide scrape, and no pipes list of any service', async () => {
    const { states, budget } = await prefetchRecords(['servicesWithPipeStates']);
    expect(budget).toBeUndefined();
    expect(upstream.stub.hits.map((hit) => hit.url?.split('?')[0]).sort()).toEqual(
      [`/v1/organizations/${ORG_ID}/prometheus`, `/v1/organizations/${ORG_ID}/services`].sort(),
    );
    expect(dataOf(states, serviceKeys.list(ORG_ID))).toEqual(SERVICES);
    // Each awake service's pipes with their names and states, under the key its pipes page reads.
    const production = dataOf(states, pipeMetricsKeys.service(ORG_ID, SERVICE_ID)) as ServicePipeMetrics;
    expect(Object.values(production.pipes).map(({ id, name, state }) => ({ id, name, state }))).toEqual([
      { id: ORDERS, name: 'Orders', state: 'Running' },
      { id: LEGACY, name: 'Legacy audit log', state: 'Failed' },
    ]);
    const staging = dataOf(states, pipeMetricsKeys.service(ORG_ID, STAGING)) as ServicePipeMetrics;
    expect(Object.values(staging.pipes).map(({ name, state }) => ({ name, state }))).toEqual([
      { name: 'Clicks', state: 'Running' },
    ]);
    // A sleeping service's pipes are not read at all.
    expect(dataOf(states, pipeMetricsKeys.service(ORG_ID, DEVELOPMENT))).toBeUndefined();
  });

  it('a second person arriving costs the services list at most: the pipe states come from the scrape already taken', async () => {
    await prefetchRecords(['servicesWithPipeStates']);
    upstream.stub.hits.length = 0;
    const { states } = await prefetchRecords(['servicesWithPipeStates']);
    expect(upstream.stub.hits.filter((hit) => hit.url?.includes('/prometheus'))).toEqual([]);
    expect(upstream.stub.hits.filter((hit) => hit.url?.includes('/datapipes'))).toEqual([]);
    expect(dataOf(states, pipeMetricsKeys.service(ORG_ID, STAGING))).toBeDefined();
  });

  it('leaves the pipes to the browser for a signed-out request', async () => {
    session.cookie = '';
    const { states } = await prefetchRecords(['servicesWithPipeStates']);
    expect(states).toEqual([]);
    expect(upstream.stub.hits).toEqual([]);
  });
});
