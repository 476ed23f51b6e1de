/** The pipe-metrics routes: viewers and up, one upstream scrape for every reader, a broken answer named without failing the page. */
import { beforeEach, describe, expect, it } from 'vitest';
import * as prometheusRoute from '@/app/api/cloud/v1/organizations/[organizationId]/services/[serviceId]/prometheus/route';
import * as serviceMetricsRoute from '@/app/api/pipe-metrics/[organizationId]/[serviceId]/route';
import * as pipeMetricsRoute from '@/app/api/pipe-metrics/[organizationId]/[serviceId]/[pipeId]/route';
import { callRoute, ORG_ID, readJson, SERVICE_ID, stubUpstreamForFile } from '../test-support';
import { resetPipeMetricsSampler } from './service';

const PIPE_ID = '9d3e5f4a-5b6c-4d7e-8f90-1a2b3c4d5e6f';
const PROMETHEUS = `# TYPE ClickPipes_Info gauge
ClickPipes_Info{clickpipe_id="${PIPE_ID}",clickpipe_name="Orders",clickpipe_state="Running"} 1
# TYPE ClickPipes_SentEvents_Total counter
ClickPipes_SentEvents_Total{clickpipe_id="${PIPE_ID}"} 1234
`;
const upstream = stubUpstreamForFile();
const params = { organizationId: ORG_ID, serviceId: SERVICE_ID };
const servicePath = `/api/pipe-metrics/${ORG_ID}/${SERVICE_ID}`;

function answer(status: number, body: string, contentType = 'text/plain; version=0.0.4') {
  upstream.stub.handle((_req, res) => {
    res.writeHead(status, { 'content-type': contentType });
    res.end(body);
  });
}

beforeEach(() => {
  resetPipeMetricsSampler();
  answer(200, PROMETHEUS);
});

describe('pipe metrics routes', () => {
  it('serve every pipe of the service to a viewer from one scrape of the Prometheus endpoint', async () => {
    const first = await callRoute(serviceMetricsRoute.GET, servicePath, params, { method: 'GET', role: 'viewer' });
    expect(first.status).toBe(200);
    const body = await readJson(first);
    expect(body).toMatchObject({
      intervalMs: 30_000,
      pipes: { [PIPE_ID]: { state: 'Running', totals: { rows: 1234 } } },
    });
    const detail = await callRoute(
      pipeMetricsRoute.GET,
      `${servicePath}/${PIPE_ID}?range=15m`,
      { ...params, pipeId: PIPE_ID },
      { method: 'GET', role: 'editor' },
    );
    expect(await readJson(detail)).toMatchObject({ range: '15m', summary: { id: PIPE_ID }, series: [] });
    const text = await callRoute(
      prometheusRoute.GET,
      `/api/cloud/v1/organizations/${ORG_ID}/services/${SERVICE_ID}/prometheus`,
      params,
      { method: 'GET', role: 'viewer' },
    );
    expect(text.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await text.text()).toBe(PROMETHEUS);
    // The organization answer (here unlabelled) held no series of this service: its own scrape did.
    expect(upstream.stub.hits.map((h) => h.url)).toEqual([
      `/v1/organizations/${ORG_ID}/prometheus?filtered_metrics=true`,
      `/v1/organizations/${ORG_ID}/services/${SERVICE_ID}/prometheus?filtered_metrics=true`,
    ]);
    expect(upstream.stub.hits[0]!.headers.accept).toBe('text/plain');
  });

  it("serve a service's pipes from its part of the organization-wide answer, with no scrape of its own", async () => {
    const labelled = PROMETHEUS.replaceAll(
      `clickpipe_id="${PIPE_ID}"`,
      `clickhouse_org="${ORG_ID}",clickhouse_service="${SERVICE_ID}",clickhouse_service_name="Production",clickpipe_id="${PIPE_ID}"`,
    );
    const other = labelled
      .replaceAll(SERVICE_ID, '5f0c8a44-1d2e-4b3c-9a8b-7c6d5e4f3a2b')
      .replaceAll(PIPE_ID, 'other-pipe');
    upstream.stub.handle((req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' });
      res.end(req.url?.startsWith(`/v1/organizations/${ORG_ID}/prometheus`) ? `${labelled}\n${other}` : 'wrong');
    });
    const response = await callRoute(serviceMetricsRoute.GET, servicePath, params, { method: 'GET', role: 'viewer' });
    const body = (await readJson(response)) as { pipes: Record<string, unknown> };
    expect(Object.keys(body.pipes)).toEqual([PIPE_ID]);
    expect(body.pipes[PIPE_ID]).toMatchObject({ state: 'Running', totals: { rows: 1234 } });
    expect(upstream.stub.hits.map((h) => h.url)).toEqual([
      `/v1/organizations/${ORG_ID}/prometheus?filtered_metrics=true`,
    ]);
  });

  it('fall back to the service scrape when the organization endpoint is refused', async () => {
    upstream.stub.handle((req, res) => {
      if (req.url?.startsWith(`/v1/organizations/${ORG_ID}/prometheus`)) {
        res.writeHead(403, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ status: 403, error: 'FORBIDDEN: not available for this organization', requestId: 'r' }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' });
      res.end(PROMETHEUS);
    });
    const response = await callRoute(serviceMetricsRoute.GET, servicePath, params, { method: 'GET', role: 'viewer' });
    expect(await readJson(response)).toMatchObject({ pipes: { [PIPE_ID]: { totals: { rows: 1234 } } } });
    expect(upstream.stub.hits.map((h) => h.url)).toEqual([
      `/v1/organizations/${ORG_ID}/prometheus?filtered_metrics=true`,
      `/v1/organizations/${ORG_ID}/services/${SERVICE_ID}/prometheus?filtered_metrics=true`,
    ]);
  });

  it('answer an answer that is not Prometheus text with the reason, not a failure', async () => {
    answer(200, '<html>Service unavailable</html>', 'text/html');
    const response = await callRoute(serviceMetricsRoute.GET, servicePath, params, { method: 'GET', role: 'viewer' });
    expect(response.status).toBe(200);
    expect(await readJson(response)).toMatchObject({
      sampledAt: null,
      pipes: {},
      failure: {
        message: "The cloud API's metrics could not be read: The answer is not in the Prometheus text format",
      },
    });
  });

  it('refuse a signed-out caller and a malformed pipe id before any upstream call', async () => {
    expect((await callRoute(serviceMetricsRoute.GET, servicePath, params, { method: 'GET' })).status).toBe(401);
    const bad = await callRoute(
      pipeMetricsRoute.GET,
      `${servicePath}/nope`,
      { ...params, pipeId: 'nope' },
      { method: 'GET', role: 'viewer' },
    );
    expect(bad.status).toBe(400);
    expect(upstream.stub.hits).toHaveLength(0);
  });
});
