import { describe, it } from 'vitest';
import { expectValidRequest, expectValidResponse } from '@/lib/contract/expect-contract';
import { emulatorForFile } from './harness';

/**
 * Every answer the emulator gives to the open-source observability operations the console uses,
 * validated against the vendor's published OpenAPI document (`contract/`).
 */
const t = emulatorForFile();
type Body = Record<string, unknown>;

async function valid(method: string, path: string, body?: unknown) {
  if (body !== undefined) expectValidRequest('observability', method, path, body);
  const response = await t.oss(method, path, { body });
  expectValidResponse('observability', method, path, response);
  return response.body as { data: Body & { id: string } } & Body;
}

describe('the emulator answers the observability operations as the published contract says', () => {
  it('sources and webhooks', async () => {
    await valid('GET', '/api/v2/sources');
    await valid('GET', '/api/v2/webhooks');
  });

  it('dashboards: list, create, read, replace, delete', async () => {
    await valid('GET', '/api/v2/dashboards');
    const sources = (await t.oss<{ data: { id: string; kind: string }[] }>('GET', '/api/v2/sources')).body.data;
    const traces = sources.find((source) => source.kind === 'trace')!.id;
    const series = [
      {
        type: 'time',
        sourceId: traces,
        aggFn: 'quantile',
        level: 0.95,
        field: 'Duration',
        where: 'ServiceName:api',
        whereLanguage: 'lucene',
        groupBy: [],
      },
    ];
    const tile = { name: 'Latency', x: 0, y: 0, w: 6, h: 3, series };
    const created = await valid('POST', '/api/v2/dashboards', { name: 'Contract', tags: ['checks'], tiles: [tile] });
    const tiles = created.data.tiles as { id: string }[];
    await valid('GET', `/api/v2/dashboards/${created.data.id}`);
    await valid('PUT', `/api/v2/dashboards/${created.data.id}`, {
      name: 'Contract 2',
      tags: [],
      tiles: [{ ...tile, id: tiles[0]!.id }],
    });
    await valid('DELETE', `/api/v2/dashboards/${created.data.id}`);
  });

  it('alerts: list, create, read, update, delete', async () => {
    await valid('GET', '/api/v2/alerts');
    const dashboard = (await t.oss<{ data: { id: string; tiles: { id: string }[] }[] }>('GET', '/api/v2/dashboards'))
      .body.data[0]!;
    const webhook = (await t.oss<{ data: { id: string }[] }>('GET', '/api/v2/webhooks')).body.data[0]!;
    const body = {
      dashboardId: dashboard.id,
      tileId: dashboard.tiles[0]!.id,
      source: 'tile',
      threshold: 10,
      thresholdType: 'above',
      interval: '15m',
      channel: { type: 'webhook', webhookId: webhook.id },
      name: 'Contract alert',
      message: 'checked',
    };
    const created = await valid('POST', '/api/v2/alerts', body);
    await valid('GET', `/api/v2/alerts/${created.data.id}`);
    await valid('PUT', `/api/v2/alerts/${created.data.id}`, { ...body, threshold: 20 });
    await valid('DELETE', `/api/v2/alerts/${created.data.id}`);
  });

  it('chart series of every aggregation, grouped and not', async () => {
    const sources = (await t.oss<{ data: { id: string; kind: string }[] }>('GET', '/api/v2/sources')).body.data;
    const traces = sources.find((source) => source.kind === 'trace')!.id;
    const endTime = Date.now();
    const base = { startTime: endTime - 3_600_000, endTime, granularity: '5m' };
    await valid('POST', '/api/v2/charts/series', {
      ...base,
      series: [
        { sourceId: traces, aggFn: 'count', where: '', whereLanguage: 'lucene', groupBy: ['ServiceName'] },
        {
          sourceId: traces,
          aggFn: 'quantile',
          level: 0.99,
          field: 'Duration',
          where: '',
          whereLanguage: 'lucene',
          groupBy: ['ServiceName'],
        },
      ],
    });
    await valid('POST', '/api/v2/charts/series', {
      ...base,
      granularity: 'auto',
      series: ['sum', 'avg', 'min', 'max', 'count_distinct'].map((aggFn) => ({
        sourceId: traces,
        aggFn,
        field: 'Duration',
        where: '',
        groupBy: [],
      })),
    });
  });
});
