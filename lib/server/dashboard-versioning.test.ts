/** The ETag / If-Match contract of the dashboard routes on both surfaces, against a stub upstream. */
import { beforeEach, describe, expect, it } from 'vitest';
import * as ossDashboardRoute from '@/app/api/observability/v2/dashboards/[id]/route';
import * as managedDashboardRoute from '@/app/api/cloud/v1/organizations/[organizationId]/services/[serviceId]/observability/dashboards/[dashboardId]/route';
import { canonicalJson, dashboardEtag, ifMatchTags } from './dashboard-versioning';
import { callRoute as call, json, ORG_ID, readJson, SERVICE_ID, stubUpstreamForFile } from './test-support';

const ID = '65f0c0ffee0123456789abcd';
const MANAGED_ID = '0b7c5f3e-2a4d-4c1e-9f00-123456789abc';
const SOURCE = '65f0c0ffee0123456789aaaa';
type TestTile = Record<string, unknown> & { id?: string };
const tile = (over: Record<string, unknown> = {}): TestTile => ({
  name: 'Requests',
  x: 0,
  y: 0,
  w: 12,
  h: 4,
  asRatio: false,
  series: [{ type: 'time', sourceId: SOURCE, aggFn: 'count', where: '', whereLanguage: 'lucene', groupBy: [] }],
  ...over,
});
const stored = { id: ID, name: 'Service health', tags: ['prod'], tiles: [tile({ id: '65f0c0ffee0123456789bbbb' })] };
const theirs = { ...stored, name: 'Renamed by someone else' };
const body = {
  name: 'Service health',
  tags: ['prod'],
  tiles: [tile({ id: '65f0c0ffee0123456789bbbb', x: 6 }), tile({ name: 'New' })],
};

const upstream = stubUpstreamForFile();
let current: typeof stored;
beforeEach(() => {
  current = stored;
  upstream.stub.handle((req, res, raw) => {
    if (req.method === 'PUT') {
      const sent = JSON.parse(raw) as typeof body;
      current = {
        id: ID,
        name: sent.name,
        tags: sent.tags,
        tiles: sent.tiles.map((t, i) => ({ ...tile(), ...t, id: t.id ?? `65f0c0ffee01234567890${i}00` })),
      };
    }
    if (req.url?.startsWith('/v1/'))
      json(res, 200, { status: 200, requestId: `req-${Math.random()}`, result: current });
    else json(res, 200, { data: current });
  });
});

const ossUrl = `/api/observability/v2/dashboards/${ID}`;
const get = () => call(ossDashboardRoute.GET, ossUrl, { id: ID }, { role: 'viewer' });
const put = (headers: Record<string, string>) =>
  call(ossDashboardRoute.PUT, ossUrl, { id: ID }, { method: 'PUT', json: body, headers, role: 'editor' });

describe('entity tags', () => {
  it('hash the canonical JSON, so key order does not matter and content does', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: undefined }] })).toBe('{"a":[{"d":2}],"b":1}');
    expect(dashboardEtag({ a: 1, b: 2 })).toBe(dashboardEtag({ b: 2, a: 1 }));
    expect(dashboardEtag({ a: 1 })).not.toBe(dashboardEtag({ a: 2 }));
    expect(dashboardEtag(stored)).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
  });

  it('read an If-Match list with strong comparison only', () => {
    expect(ifMatchTags('"a", W/"b", "c"')).toEqual(['"a"', '"c"']);
    expect(ifMatchTags(' * ')).toBe('*');
  });
});

describe('open-source dashboard GET and PUT', () => {
  it('answers a GET with the dashboard and its ETag', async () => {
    const response = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe(dashboardEtag(stored));
    expect(await readJson(response)).toEqual({ data: stored });
  });

  it('replaces when If-Match is the stored version and returns the new ETag', async () => {
    const etag = (await get()).headers.get('etag')!;
    upstream.stub.hits.length = 0;
    const response = await put({ 'if-match': etag });
    expect(response.status).toBe(200);
    const saved = (await readJson(response)).data as typeof stored;
    expect(saved.tiles.map((t) => t.id)).toEqual(['65f0c0ffee0123456789bbbb', '65f0c0ffee01234567890100']);
    expect(response.headers.get('etag')).toBe(dashboardEtag(saved));
    expect(response.headers.get('etag')).not.toBe(etag);
    expect(upstream.stub.hits.map((h) => h.method)).toEqual(['GET', 'PUT']);
    expect(JSON.parse(upstream.stub.hits[1]!.body)).toEqual(body);
  });

  it('answers 412 with the current dashboard and its ETag when it changed meanwhile, without writing', async () => {
    const etag = (await get()).headers.get('etag')!;
    current = theirs;
    upstream.stub.hits.length = 0;
    const response = await put({ 'if-match': etag });
    expect(response.status).toBe(412);
    expect(response.headers.get('etag')).toBe(dashboardEtag(theirs));
    expect(await readJson(response)).toMatchObject({
      status: 412,
      code: 'PRECONDITION_FAILED',
      error: expect.stringContaining('changed by someone else'),
      current: theirs,
      etag: dashboardEtag(theirs),
      requestId: expect.any(String),
    });
    expect(upstream.stub.hits.map((h) => h.method)).toEqual(['GET']);
  });

  it('refuses a weak tag, which never matches', async () => {
    const etag = (await get()).headers.get('etag')!;
    expect((await put({ 'if-match': `W/${etag}` })).status).toBe(412);
  });

  it('answers 428 without reaching the upstream when If-Match is missing', async () => {
    const response = await put({});
    expect(response.status).toBe(428);
    expect(await readJson(response)).toMatchObject({
      code: 'PRECONDITION_REQUIRED',
      error: expect.stringContaining('If-Match'),
    });
    expect(upstream.stub.hits).toHaveLength(0);
  });

  it('validates the body before anything else', async () => {
    const response = await call(
      ossDashboardRoute.PUT,
      ossUrl,
      { id: ID },
      {
        method: 'PUT',
        json: { ...body, tiles: [tile({ x: 20, w: 8 })] },
        headers: { 'if-match': '"x"' },
        role: 'editor',
      },
    );
    expect(response.status).toBe(400);
    expect(await readJson(response)).toMatchObject({
      fields: [{ path: 'tiles.0.w', message: 'x + w must be at most 24' }],
    });
    expect(upstream.stub.hits).toHaveLength(0);
  });
});

describe('the save rule: only edited tiles are judged by the editor', () => {
  // As the observability app stores it: a metric quantile with an empty field, and no where language.
  const appTile = tile({
    id: '65f0c0ffee0123456789cccc',
    name: 'p99 latency',
    series: [
      {
        type: 'time',
        sourceId: SOURCE,
        aggFn: 'quantile',
        level: 0.99,
        field: '',
        where: '',
        groupBy: [],
        metricName: 'http.server.duration',
        metricDataType: 'histogram',
      },
    ],
  });
  const withLucene = (t: TestTile) => ({
    ...t,
    series: (t.series as Record<string, unknown>[]).map((s) => ({ ...s, whereLanguage: 'lucene' })),
  });
  const send = (etag: string, tiles: TestTile[]) =>
    call(
      ossDashboardRoute.PUT,
      ossUrl,
      { id: ID },
      {
        method: 'PUT',
        json: { name: 'Service health', tags: ['prod'], tiles },
        headers: { 'if-match': etag },
        role: 'editor',
      },
    );

  it('sends back a stored tile the editor would refuse, moved, with every field as it came', async () => {
    current = { ...stored, tiles: [...stored.tiles, appTile as never] };
    const etag = (await get()).headers.get('etag')!;
    upstream.stub.hits.length = 0;
    const response = await send(etag, [stored.tiles[0]!, { ...appTile, x: 12 }]);
    expect(response.status).toBe(200);
    expect(JSON.parse(upstream.stub.hits[1]!.body).tiles[1]).toEqual(withLucene({ ...appTile, x: 12 }));
  });

  it('refuses a changed tile that breaks the editor rules, naming its field, without writing', async () => {
    const broken = {
      ...appTile,
      series: [{ ...(appTile.series as object[])[0], aggFn: 'sum', metricName: undefined }],
    };
    current = { ...stored, tiles: [...stored.tiles, appTile as never] };
    const etag = (await get()).headers.get('etag')!;
    upstream.stub.hits.length = 0;
    const response = await send(etag, [stored.tiles[0]!, broken]);
    expect(response.status).toBe(400);
    expect(await readJson(response)).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'tiles.1.series.0.field', message: 'Field is required for sum' }],
    });
    expect(upstream.stub.hits.map((h) => h.method)).toEqual(['GET']);
  });
});

describe('managed dashboard GET and PUT', () => {
  const params = { organizationId: ORG_ID, serviceId: SERVICE_ID, dashboardId: MANAGED_ID };
  const url = `/api/cloud/v1/organizations/${ORG_ID}/services/${SERVICE_ID}/observability/dashboards/${MANAGED_ID}`;

  it('versions the dashboard, not the envelope whose requestId changes on every call', async () => {
    const first = await call(managedDashboardRoute.GET, url, params, { role: 'viewer' });
    const second = await call(managedDashboardRoute.GET, url, params, { role: 'viewer' });
    expect(first.headers.get('etag')).toBe(dashboardEtag(stored));
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
  });

  it('replaces on a match, 412 on a mismatch, 428 without If-Match', async () => {
    const etag = (await call(managedDashboardRoute.GET, url, params, { role: 'viewer' })).headers.get('etag')!;
    const send = (headers: Record<string, string>) =>
      call(managedDashboardRoute.PUT, url, params, { method: 'PUT', json: body, headers, role: 'editor' });
    expect((await send({})).status).toBe(428);
    const saved = await send({ 'if-match': etag });
    expect(saved.status).toBe(200);
    const stale = await send({ 'if-match': etag });
    expect(stale.status).toBe(412);
    expect(await readJson(stale)).toMatchObject({
      code: 'PRECONDITION_FAILED',
      current: { name: 'Service health', tiles: expect.any(Array) },
    });
    expect((await send({ 'if-match': saved.headers.get('etag')! })).status).toBe(200);
  });
});
