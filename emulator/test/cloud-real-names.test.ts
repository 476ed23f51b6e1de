import { describe, expect, it } from 'vitest';
import { emulatorForFile } from './harness';
import { azureBlobBody, kafkaBody, kinesisBody, objectStorageBody, pipeClient } from './pipe-fixtures';

/**
 * The cloud surface speaks only the vendor's real names (the published OpenAPI document's); a
 * request in the neutral names of `service-api.md` fails as it would on the real service.
 */
const t = emulatorForFile({ stepMs: 20 });
const { pipes, seeded } = pipeClient(t, 20);
type Envelope<T> = { status: number; result: T; error: string };
type Body = Record<string, unknown>;

const withSource = (kind: string, value: unknown): Body => ({ ...kafkaBody(), source: { [kind]: value } });

describe('neutral names on the cloud surface', () => {
  it('answers 404 for the neutral paths', async () => {
    const [pipe] = await seeded();
    const paths = [
      ['GET', `${t.service}/datapipes`],
      ['POST', `${t.service}/datapipes`],
      ['GET', `${t.service}/datapipes/${pipe!.id}`],
      ['GET', `${t.service}/datapipesCdcScaling`],
      ['GET', `${t.service}/observability/dashboards`],
      ['GET', `${t.service}/observability/sources`],
    ] as const;
    for (const [method, path] of paths) {
      const res = await t.cloud<Envelope<unknown>>(method, path, method === 'POST' ? { body: kafkaBody() } : {});
      expect([path, res.status]).toEqual([path, 404]);
    }
  });

  it('serves the real paths', async () => {
    expect((await t.cloud('GET', pipes())).status).toBe(200);
    expect((await t.cloud('GET', `${t.service}/clickpipesCdcScaling`)).status).toBe(200);
    expect((await t.cloud('GET', `${t.service}/clickstack/dashboards`)).status).toBe(200);
  });

  it.each([
    [
      'the stream source key',
      withSource('streamService', (kinesisBody().source as Body).kinesis),
      'source must contain exactly one of kafka, kinesis, objectStorage, postgres',
    ],
    [
      'a neutral Kafka type',
      kafkaBody({ type: 'vendor_4' }),
      'source.kafka.type must be one of kafka, redpanda, msk, confluent, warpstream, azureeventhub, dokafka',
    ],
    [
      'the neutral registry format',
      kafkaBody({ format: 'AvroRegistry' }),
      'source.kafka.format must be one of JSONEachRow, Avro, AvroConfluent',
    ],
    [
      'a neutral object-store type',
      objectStorageBody({ type: 'objstore_1' }),
      'source.objectStorage.type must be one of s3, gcs, dospaces, azureblobstorage',
    ],
    [
      'the neutral container key',
      azureBlobBody({ azureContainerName: undefined, blobContainerName: 'exports' }),
      'source.objectStorage.azureContainerName is required for type azureblobstorage',
    ],
    [
      'a neutral setting',
      kafkaBody({}, { settings: { engine_max_threads: 4 } }),
      'settings.engine_max_threads is not a known setting',
    ],
  ])('refuses %s with a 400', async (_label, body, message) => {
    const res = await t.cloud<Envelope<unknown>>('POST', pipes(), { body });
    expect([res.status, res.body.error]).toEqual([400, `BAD_REQUEST: ${message}`]);
  });

  it('refuses a neutral setting on the settings endpoint', async () => {
    const [kafka] = await seeded();
    const res = await t.cloud<Envelope<unknown>>('PUT', `${pipes()}/${kafka!.id}/settings`, {
      body: { engine_max_threads: 4 },
    });
    expect([res.status, res.body.error]).toEqual([400, 'BAD_REQUEST: engine_max_threads is not a known setting']);
  });
});
