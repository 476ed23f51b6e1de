/** `POST /api/observability/v2/charts/series`: a viewer may query, the body is checked, upstream failures keep their message. */
import { describe, expect, it } from 'vitest';
import * as chartRoute from '@/app/api/observability/v2/charts/series/route';
import { callRoute as call, json, readJson, stubUpstreamForFile } from './test-support';

const SOURCE = '65f0c0ffee0123456789abcd';
const PATH = '/api/observability/v2/charts/series';
const upstream = stubUpstreamForFile();
const body = {
  startTime: 1_000,
  endTime: 61_000,
  granularity: '30s',
  series: [{ sourceId: SOURCE, aggFn: 'count', where: '', groupBy: [] }],
};
const query = (json: unknown, role: 'viewer' | 'editor' = 'viewer') =>
  call(chartRoute.POST, PATH, {}, { method: 'POST', json, role });

describe('chart series route', () => {
  it('lets a viewer query and passes the body (its range widened to whole buckets) and answer through', async () => {
    const rows = { data: [{ ts_bucket: 0, group: [], 'series_0.data': '42' }] };
    upstream.stub.handle((_req, res) => json(res, 200, rows));
    const response = await query(body);
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual(rows);
    expect(upstream.stub.hits).toHaveLength(1);
    expect(upstream.stub.hits[0]).toMatchObject({ method: 'POST', url: '/api/v2/charts/series' });
    expect(JSON.parse(upstream.stub.hits[0]!.body)).toEqual({ ...body, startTime: 0, endTime: 90_000 });
  });

  it('resolves auto to the granularity the range calls for, so widening cannot change it', async () => {
    upstream.stub.handle((_req, res) => json(res, 200, { data: [] }));
    const hour = 3_600_000;
    await query({ ...body, startTime: 10 * hour + 7, endTime: 11 * hour + 7, granularity: 'auto' });
    expect(JSON.parse(upstream.stub.hits[0]!.body)).toMatchObject({
      granularity: '1m',
      startTime: 10 * hour,
      endTime: 11 * hour + 60_000,
    });
  });

  it('refuses a bad body with every field named, before the upstream', async () => {
    const response = await query({ ...body, endTime: 1_000, series: [{ ...body.series[0], aggFn: 'sum' }] });
    expect(response.status).toBe(400);
    const error = await readJson(response);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(error.fields).toEqual(
      expect.arrayContaining([
        { path: 'endTime', message: 'endTime must be after startTime' },
        { path: 'series.0.field', message: 'field is required for sum' },
      ]),
    );
    expect(upstream.stub.hits).toHaveLength(0);
  });

  it('keeps the upstream message of an unknown source (404) and of a failed query (500)', async () => {
    upstream.stub.handle((_req, res) => json(res, 404, { error: 'Source not found' }));
    const notFound = await query(body);
    expect(notFound.status).toBe(404);
    expect(await readJson(notFound)).toMatchObject({ error: 'Source not found' });

    upstream.stub.handle((_req, res) => json(res, 500, { error: 'Unknown field "Nope"' }));
    const failed = await query(body);
    expect(failed.status).toBe(502);
    expect(await readJson(failed)).toMatchObject({
      code: 'UPSTREAM_ERROR',
      error: expect.stringContaining('Unknown field "Nope"'),
    });
  });

  it('refuses a signed-out caller', async () => {
    const response = await call(chartRoute.POST, PATH, {}, { method: 'POST', json: body });
    expect(response.status).toBe(401);
  });
});
