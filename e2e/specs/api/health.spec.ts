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
