import { describe, it } from 'vitest';
import { expectValidRequest, expectValidResponse } from '@/lib/contract/expect-contract';
import { emulatorForFile } from './harness';
import {
  azureBlobBody,
  kafkaBody,
  kinesisBody,
  objectStorageBody,
  pipeClient,
  postgresBody,
  type PipeRecord,
} from './pipe-fixtures';

/**
 * Every answer the emulator gives to the cloud operations the console uses, validated as it is (the
 * emulator speaks the real names) against the vendor's published OpenAPI document (`contract/`).
 */
const t = emulatorForFile({ stepMs: 20 });
const pipes = pipeClient(t, 20);
type Body = Record<string, unknown>;

async function valid(method: string, path: string, body?: unknown) {
  if (body !== undefined) expectValidRequest('cloud', method, path, body);
  const response = await t.cloud(method, path, { body });
  expectValidResponse('cloud', method, path, response);
  return response.body as { result: Body & { id: string } } & Body;
}

const CREATIONS: Record<string, () => Body> = {
  kafka: () => kafkaBody(),
  'kafka with a schema registry and an offset': () =>
    kafkaBody({
      type: 'confluent',
      format: 'AvroConfluent',
      offset: { strategy: 'from_timestamp', timestamp: '2026-01-02T03:04' },
      schemaRegistry: {
        url: 'https://registry.example',
        authentication: 'PLAIN',
        credentials: { username: 'r', password: 'registry-secret' },
      },
    }),
  kinesis: () => kinesisBody({ iteratorType: 'AT_TIMESTAMP', timestamp: 1767225600 }),
  'object store': () => objectStorageBody({ compression: 'gzip' }),
  'azure blob container': () => azureBlobBody(),
  postgres: () => postgresBody(),
};

describe('the emulator answers the cloud operations as the published contract says', () => {
  it('organization, service and private endpoints', async () => {
    await valid('GET', t.org);
    await valid('GET', t.service);
    await valid('GET', `${t.service}/privateEndpointConfig`);
    await valid('POST', `${t.service}/privateEndpoint`, {
      id: 'vpce-0123456789abcdef0',
      description: 'contract check',
    });
    await valid('PATCH', t.service, { privateEndpointIds: { add: ['vpce-0123456789abcdef0'] } });
  });

  it('API keys: list, create, read, update, delete', async () => {
    await valid('GET', `${t.org}/keys`);
    const created = await valid('POST', `${t.org}/keys`, { name: 'contract', roles: ['developer'] });
    const id = (created.result.key as { id: string }).id;
    await valid('GET', `${t.org}/keys/${id}`);
    await valid('PATCH', `${t.org}/keys/${id}`, {
      state: 'disabled',
      expireAt: '2030-01-01T00:00:00Z',
      ipAccessList: [{ source: '10.0.0.0/8', description: 'office' }],
    });
    await valid('DELETE', `${t.org}/keys/${id}`);
  });

  it('seeded pipes of every source kind, each read alone and with its settings', async () => {
    await valid('GET', pipes.pipes());
    for (const pipe of await pipes.seeded()) {
      await valid('GET', `${pipes.pipes()}/${pipe.id}`);
      await valid('GET', `${pipes.pipes()}/${pipe.id}/settings`);
    }
  });

  for (const [kind, body] of Object.entries(CREATIONS)) {
    it(`a created ${kind} pipe, as created and once running`, async () => {
      const created = await valid('POST', pipes.pipes(), body());
      const pipe = created.result as unknown as PipeRecord;
      await pipes.waitFor(pipe.id, 'Running');
      await valid('GET', `${pipes.pipes()}/${pipe.id}`);
    });
  }

  it('pipe edits: scaling, settings, state, rename, delete', async () => {
    const pipe = await pipes.create(kafkaBody());
    await pipes.waitFor(pipe.id, 'Running');
    const path = `${pipes.pipes()}/${pipe.id}`;
    await valid('PATCH', `${path}/scaling`, { replicas: 2, replicaCpuMillicores: 500, replicaMemoryGb: 2 });
    await valid('PUT', `${path}/settings`, { streaming_max_insert_wait_ms: 1000 });
    await valid('PATCH', path, {
      source: { kafka: { authentication: 'PLAIN', credentials: { username: 'u2', password: 'kafka-secret' } } },
    });
    await valid('PATCH', `${path}/state`, { command: 'stop' });
    await valid('DELETE', path);
  });

  it('the service query endpoint: upsert, read, delete', async () => {
    const path = `${t.service}/serviceQueryEndpoint`;
    const keys = await valid('GET', `${t.org}/keys`);
    const keyId = (keys.result as unknown as { id: string }[])[0]!.id;
    await valid('POST', path, {
      roles: ['sql_console_read_only'],
      openApiKeys: [keyId],
      allowedOrigins: 'https://console.example',
    });
    await valid('GET', path);
    await valid('POST', path, { roles: ['sql_console_admin'], openApiKeys: [], allowedOrigins: '' });
    await valid('DELETE', path);
  });

  it('answers database pipe scaling reads and writes as the published contract says', async () => {
    await valid('GET', `${t.service}/clickpipesCdcScaling`);
    await valid('PATCH', `${t.service}/clickpipesCdcScaling`, { replicaCpuMillicores: 2000, replicaMemoryGb: 8 });
  });

  it('managed observability: sources, dashboards and alerts', async () => {
    const base = `${t.service}/clickstack`;
    const sources = await valid('GET', `${base}/sources`);
    const sourceId = (sources.result as unknown as { id: string }[])[0]!.id;
    await valid('GET', `${base}/dashboards`);
    const series = [
      {
        type: 'time',
        sourceId,
        aggFn: 'quantile',
        level: 0.95,
        field: 'Duration',
        where: '',
        whereLanguage: 'lucene',
        groupBy: [],
      },
    ];
    const tile = { name: 'Latency', x: 0, y: 0, w: 6, h: 3, series };
    const created = await valid('POST', `${base}/dashboards`, { name: 'Contract', tags: [], tiles: [tile] });
    const dashboard = created.result as unknown as { id: string; tiles: { id: string }[] };
    await valid('GET', `${base}/dashboards/${dashboard.id}`);
    await valid('PUT', `${base}/dashboards/${dashboard.id}`, {
      name: 'Contract 2',
      tags: ['x'],
      tiles: [{ ...tile, id: dashboard.tiles[0]!.id }],
    });
    const alert = await valid('POST', `${base}/alerts`, {
      dashboardId: dashboard.id,
      tileId: dashboard.tiles[0]!.id,
      source: 'tile',
      threshold: 500,
      thresholdType: 'above',
      interval: '5m',
      channel: { type: 'webhook', webhookId: '65f5e4a3b9e77c001a901234' },
      name: 'Slow',
      message: 'p95 above 500 ms',
    });
    await valid('GET', `${base}/alerts`);
    await valid('GET', `${base}/alerts/${alert.result.id}`);
    await valid('DELETE', `${base}/alerts/${alert.result.id}`);
    await valid('DELETE', `${base}/dashboards/${dashboard.id}`);
  });
});
