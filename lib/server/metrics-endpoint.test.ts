import { afterEach, describe, expect, it } from 'vitest';
import * as metricsRoute from '@/app/metrics/route';
import { routeContext, testRequest } from './test-support';

const scrape = (headers: Record<string, string>) =>
  metricsRoute.GET(testRequest('/metrics', { headers }), routeContext({}));

afterEach(() => {
  delete process.env.METRICS_TOKEN;
});

describe('/metrics', () => {
  it('serves Prometheus text to this machine, with the request and upstream metrics', async () => {
    const response = await scrape({ 'x-forwarded-for': '127.0.0.1' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    for (const name of [
      'sluice_http_requests_total',
      'sluice_upstream_requests_total',
      'sluice_upstream_queue_wait_seconds',
      'sluice_upstream_cache_total',
      'sluice_upstream_coalesced_total',
      'sluice_process_cpu_seconds_total',
    ]) {
      expect(text).toContain(name);
    }
  });

  it('refuses another machine without the token, and serves it with the token', async () => {
    expect((await scrape({ 'x-forwarded-for': '203.0.113.7' })).status).toBe(403);
    process.env.METRICS_TOKEN = 'scrape-token-123';
    expect((await scrape({ 'x-forwarded-for': '203.0.113.7', authorization: 'Bearer wrong-token-12' })).status).toBe(
      403,
    );
    expect((await scrape({ 'x-forwarded-for': '203.0.113.7', authorization: 'Bearer scrape-token-123' })).status).toBe(
      200,
    );
  });
});
