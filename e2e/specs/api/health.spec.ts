import { test, expect } from '../../fixtures/test';

test('health reports both upstreams reachable without revealing configuration', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.status).toBe('ok');
  expect(body.upstreams.cloud.reachable).toBe(true);
  expect(body.upstreams.observability.reachable).toBe(true);
  expect(JSON.stringify(body)).not.toMatch(/secret|key|password|127\.0\.0\.1/i);
});

test('readiness reports the database and the shared state without touching the upstreams', async ({ request }) => {
  const response = await request.get('/api/ready');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({
    status: 'ready',
    checks: { database: 'ok', sharedState: 'ok' },
    sharedState: 'memory',
  });
});

test('a request is counted in /metrics under its route pattern, and a forged X-Forwarded-For does not make a stranger local', async ({
  request,
}) => {
  await request.get('/api/health');
  const metrics = await (await request.get('/metrics')).text();
  expect(metrics).toMatch(/sluice_http_requests_total\{method="GET",route="\/api\/health",status="200"\} \d+/);
  // The suite's requests come from loopback; a forged header cannot claim another address either.
  expect((await request.get('/metrics', { headers: { 'x-forwarded-for': '203.0.113.7' } })).status()).toBe(200);
});
