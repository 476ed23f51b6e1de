import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as healthRoute from '@/app/api/health/route';
import { resetEnvCache } from './env';
import { clearHealthCache } from './health';
import {
  configureTestEnvironment,
  json,
  readJson,
  removeTestDataDirs,
  routeContext,
  startStub,
  testRequest,
  type StubServer,
} from './test-support';

let stub: StubServer;

beforeAll(async () => {
  stub = await startStub((req, res) =>
    req.headers.authorization?.startsWith('Bearer')
      ? json(res, 200, { data: [] })
      : json(res, 200, { status: 200, requestId: 'u', result: {} }),
  );
  configureTestEnvironment(stub.url);
});

afterAll(async () => {
  await stub.close();
  removeTestDataDirs();
});

describe('GET /api/health', () => {
  it('reports both upstreams without a session and without secrets', async () => {
    clearHealthCache();
    const response = await healthRoute.GET(testRequest('/api/health'), routeContext({}));
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({
      status: 'ok',
      upstreams: {
        cloud: { reachable: true, latencyMs: expect.any(Number), mode: 'remote' },
        observability: { reachable: true, latencyMs: expect.any(Number), mode: 'remote' },
      },
    });
    expect(text).not.toContain(stub.url);
    expect(text).not.toContain('test-key-secret');
    expect(text).not.toContain('test-oss-key');
  });

  it('is degraded when an upstream is missing or refuses the key', async () => {
    stub.handle((req, res) =>
      req.headers.authorization?.startsWith('Bearer') ? res.writeHead(401).end('Unauthorized') : json(res, 200, {}),
    );
    const saved = process.env.CLOUD_API_URL;
    delete process.env.CLOUD_API_URL;
    resetEnvCache();
    clearHealthCache();
    try {
      const body = await readJson(await healthRoute.GET(testRequest('/api/health'), routeContext({})));
      expect(body).toMatchObject({
        status: 'degraded',
        upstreams: {
          cloud: { configured: false, reachable: false, error: 'UPSTREAM_NOT_CONFIGURED' },
          observability: { reachable: true, error: 'UPSTREAM_UNAUTHORIZED' },
        },
      });
    } finally {
      process.env.CLOUD_API_URL = saved;
      resetEnvCache();
      clearHealthCache();
    }
  });
});
