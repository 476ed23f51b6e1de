/** The shared read cache and single flight, through the upstream client against a stub upstream. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UpstreamConfig } from '../env';
import { useSharedStore } from '../shared-state';
import { MemoryStore } from '../shared-state/memory-store';
import { json, startStub, type StubServer } from '../test-support';
import { upstreamRequest } from './http';
import { cacheScope } from './read-cache';
import { resetBudgetQueues } from './scheduler';

let stub: StubServer;
let cloud: UpstreamConfig;
let observability: UpstreamConfig;
const PIPES = '/v1/organizations/o-1/services/s-1/datapipes';

beforeAll(async () => {
  stub = await startStub();
  cloud = { name: 'cloud', baseUrl: stub.url, authorization: 'Basic a2V5OnNlY3JldA==', mode: 'emulator' };
  observability = { name: 'observability', baseUrl: stub.url, authorization: 'Bearer k', mode: 'emulator' };
});
afterAll(() => stub.close());
beforeEach(() => {
  useSharedStore(new MemoryStore());
  resetBudgetQueues();
  process.env.UPSTREAM_CACHE_MS = '5000';
  process.env.UPSTREAM_CHART_CACHE_MS = '5000';
  stub.hits.length = 0;
  let n = 0;
  // Each answer differs, so a test can tell a cached answer from a new one; slow enough to overlap.
  stub.handle((_req, res) => setTimeout(() => json(res, 200, { result: { call: ++n } }), 50));
});
afterEach(() => {
  process.env.UPSTREAM_CACHE_MS = '0';
  process.env.UPSTREAM_CHART_CACHE_MS = '0';
});

const get = (path: string, upstream = cloud) => upstreamRequest({ upstream, method: 'GET', path });

describe('cache scopes', () => {
  it('names the kind of resource a path is about', () => {
    expect(cacheScope('cloud', '/v1/organizations/o')).toBe('root');
    expect(cacheScope('cloud', '/v1/organizations/o/services/s')).toBe('root');
    expect(cacheScope('cloud', '/v1/organizations/o/keys/k')).toBe('keys');
    expect(cacheScope('cloud', `${PIPES}/p/state`)).toBe('datapipes');
    expect(cacheScope('cloud', '/v1/organizations/o/services/s/privateEndpointConfig')).toBe('privateEndpointConfig');
    expect(cacheScope('observability', '/api/v2/charts/series')).toBe('charts');
    expect(cacheScope('observability', '/api/v2/dashboards/d')).toBe('resources');
  });
});

describe('shared read cache', () => {
  it('makes identical concurrent reads one upstream call', async () => {
    const answers = await Promise.all([1, 2, 3, 4].map(() => get(PIPES)));
    expect(stub.hits).toHaveLength(1);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
  });

  it('hands a cached text answer (Prometheus) on as text, not as JSON it is not', async () => {
    stub.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' });
      res.end('# TYPE ClickPipes_Info gauge\nClickPipes_Info{clickpipe_id="p"} 1\n');
    });
    const read = () =>
      upstreamRequest({
        upstream: cloud,
        method: 'GET',
        path: '/v1/organizations/o-1/services/s-1/prometheus',
        expect: 'text',
      });
    const first = await read();
    const second = await read();
    expect(stub.hits).toHaveLength(1);
    expect(second).toMatchObject({ status: 200, data: null, text: first.text });
    expect(second.text).toContain('ClickPipes_Info');
  });

  it('answers a repeated read from the cache within its lifetime, and from the upstream after', async () => {
    process.env.UPSTREAM_CACHE_MS = '150';
    const first = await get(PIPES);
    expect((await get(PIPES)).text).toBe(first.text);
    expect(stub.hits).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await get(PIPES)).text).not.toBe(first.text);
    expect(stub.hits).toHaveLength(2);
  });

  it('shows the console its own write at once: the written scope and the records above it', async () => {
    const before = await get(PIPES);
    const service = await get('/v1/organizations/o-1/services/s-1');
    const keys = await get('/v1/organizations/o-1/keys');
    await upstreamRequest({ upstream: cloud, method: 'PATCH', path: `${PIPES}/p-1/state`, body: { command: 'stop' } });
    expect((await get(PIPES)).text).not.toBe(before.text);
    expect((await get('/v1/organizations/o-1/services/s-1')).text).not.toBe(service.text);
    // Another kind of resource keeps its cached answer.
    expect((await get('/v1/organizations/o-1/keys')).text).toBe(keys.text);
  });

  it('caches a chart query by its body, and never a failed read', async () => {
    // A query as the console sends it: every request of the suites is checked against the contract.
    const series = [
      { sourceId: '65f0c0ffee0123456789abcd', aggFn: 'count', where: '', whereLanguage: 'lucene', groupBy: [] },
    ];
    const query = (start: number) =>
      upstreamRequest({
        upstream: observability,
        method: 'POST',
        path: '/api/v2/charts/series',
        body: { startTime: start, endTime: start + 3_600_000, granularity: '1m', series },
        read: true,
      });
    await query(0);
    await query(0);
    await query(60_000);
    expect(stub.hits).toHaveLength(2);

    stub.handle((_req, res) => json(res, 404, { message: 'gone' }));
    await expect(get('/v1/organizations/o-1/keys/k-9')).rejects.toMatchObject({ status: 404 });
    await expect(get('/v1/organizations/o-1/keys/k-9')).rejects.toMatchObject({ status: 404 });
    expect(stub.hits.filter((h) => h.url.endsWith('k-9'))).toHaveLength(2);
  });

  it('lets a probe past the cache', async () => {
    await get(PIPES);
    await upstreamRequest({ upstream: cloud, method: 'GET', path: PIPES, cache: false });
    expect(stub.hits).toHaveLength(2);
  });
});
