import { describe, expect, it } from 'vitest';
import { emulatorForFile } from './harness';
import { azureBlobBody, kafkaBody, kinesisBody, objectStorageBody, postgresBody, SECRETS } from './pipe-fixtures';

const t = emulatorForFile({ stepMs: 20 });
type Envelope<T> = { status: number; result: T; error: string };
type Body = Record<string, unknown>;
type Pipe = {
  id: string;
  state: string;
  source: Record<string, Body | null>;
  destination: Body;
  scaling: Body;
  settings: Body;
};

const create = (body: unknown) => t.cloud<Envelope<Pipe>>('POST', `${t.service}/clickpipes`, { body });
const mapping = (...names: string[]) => names.map((n) => ({ sourceField: n, destinationField: n }));
const cols = (...names: string[]) => names.map((name) => ({ name, type: 'String' }));

const VALID: [string, Body][] = [
  ['kafka PLAIN', kafkaBody()],
  [
    'kafka SCRAM on redpanda with registry',
    kafkaBody({
      type: 'redpanda',
      authentication: 'SCRAM-SHA-256',
      format: 'AvroConfluent',
      schemaRegistry: { url: 'https://registry.example', credentials: { username: 'r', password: 'registry-secret' } },
    }),
  ],
  [
    'kafka IAM_ROLE on msk',
    kafkaBody({ type: 'msk', authentication: 'IAM_ROLE', iamRole: 'arn:role', credentials: undefined }),
  ],
  [
    'kafka IAM_USER on msk',
    kafkaBody({
      type: 'msk',
      authentication: 'IAM_USER',
      credentials: { accessKeyId: 'AKIA', secretKey: 'kafka-secret' },
    }),
  ],
  [
    'kafka connection string on azureeventhub',
    kafkaBody({ type: 'azureeventhub', credentials: { connectionString: 'Endpoint=sb://x;kafka-secret' } }),
  ],
  [
    'kafka MUTUAL_TLS',
    kafkaBody({ authentication: 'MUTUAL_TLS', credentials: { certificate: 'c', privateKey: 'kafka-secret' } }),
  ],
  ['kafka from_timestamp', kafkaBody({ offset: { strategy: 'from_timestamp', timestamp: '2025-03-01T12:30' } })],
  [
    'kinesis IAM_ROLE AT_TIMESTAMP',
    kinesisBody({
      authentication: 'IAM_ROLE',
      iamRole: 'arn:role',
      accessKey: undefined,
      iteratorType: 'AT_TIMESTAMP',
      timestamp: 1735689600,
    }),
  ],
  ['kinesis IAM_USER', kinesisBody()],
  ['object store continuous with queue', objectStorageBody({ queueUrl: 'https://queue.example/q' })],
  [
    'object store public one-shot',
    objectStorageBody({ authentication: undefined, accessKey: undefined, isContinuous: false }),
  ],
  ['azure blob container', azureBlobBody()],
  [
    'SummingMergeTree',
    kafkaBody(
      {},
      {
        destination: {
          table: 'e',
          managedTable: true,
          columns: cols('id', 'ts'),
          tableDefinition: { engine: { type: 'SummingMergeTree', columnIds: ['id'] }, sortingKey: ['ts'] },
        },
      },
    ),
  ],
  [
    'all settings at their bounds',
    kafkaBody(
      {},
      {
        settings: {
          clickhouse_max_threads: 64,
          object_storage_max_insert_bytes: 10485760,
          streaming_max_insert_wait_ms: 60000,
          clickhouse_parallel_view_processing: true,
          object_storage_concurrency: null,
        },
      },
    ),
  ],
  ['scaling at bounds', kafkaBody({}, { scaling: { replicas: 2, replicaCpuMillicores: 125, replicaMemoryGb: 8 } })],
  ['postgres cdc', postgresBody()],
  [
    'postgres without destination table',
    postgresBody({ settings: { replicationMode: 'cdc_only', enableFailoverSlots: true } }),
  ],
];

const INVALID: [string, Body, string][] = [
  ['no name', kafkaBody({}, { name: '' }), 'name is required'],
  [
    'no source kind',
    kafkaBody({}, { source: {} }),
    'source must contain exactly one of kafka, kinesis, objectStorage, postgres',
  ],
  [
    'two source kinds',
    { ...kafkaBody(), source: { ...(kafkaBody().source as Body), ...(postgresBody().source as Body) } },
    'source must contain exactly one of kafka, kinesis, objectStorage, postgres',
  ],
  [
    'kafka type',
    kafkaBody({ type: 'gcmk' }),
    'source.kafka.type must be one of kafka, redpanda, msk, confluent, warpstream, azureeventhub, dokafka',
  ],
  [
    'kafka auth for type',
    kafkaBody({ type: 'warpstream', authentication: 'SCRAM-SHA-256' }),
    'source.kafka.authentication SCRAM-SHA-256 is not allowed for type warpstream',
  ],
  [
    'kafka IAM_ROLE on generic',
    kafkaBody({ authentication: 'IAM_ROLE' }),
    'source.kafka.authentication IAM_ROLE is not allowed for type kafka',
  ],
  ['kafka brokers', kafkaBody({ brokers: '' }), 'source.kafka.brokers is required'],
  ['kafka format', kafkaBody({ format: 'CSV' }), 'source.kafka.format must be one of JSONEachRow, Avro, AvroConfluent'],
  [
    'kafka iamRole',
    kafkaBody({ type: 'msk', authentication: 'IAM_ROLE', credentials: undefined }),
    'source.kafka.iamRole is required when authentication is IAM_ROLE',
  ],
  [
    'kafka credentials with IAM_ROLE',
    kafkaBody({ type: 'msk', authentication: 'IAM_ROLE', iamRole: 'arn:role' }),
    'source.kafka.credentials must not be set for authentication IAM_ROLE; send iamRole instead',
  ],
  [
    'kafka missing credentials',
    kafkaBody({ credentials: undefined }),
    'source.kafka.credentials must be {username, password} for authentication PLAIN',
  ],
  [
    'kafka credentials shape',
    kafkaBody({ type: 'msk', authentication: 'IAM_USER' }),
    'source.kafka.credentials must be {accessKeyId, secretKey} for authentication IAM_USER',
  ],
  [
    'kafka connection string',
    kafkaBody({ type: 'azureeventhub' }),
    'source.kafka.credentials must be {connectionString} for authentication PLAIN with type azureeventhub',
  ],
  [
    'kafka offset timestamp required',
    kafkaBody({ offset: { strategy: 'from_timestamp' } }),
    'source.kafka.offset.timestamp is required when strategy is from_timestamp',
  ],
  [
    'kafka offset timestamp seconds',
    kafkaBody({ offset: { strategy: 'from_timestamp', timestamp: '2025-03-01T12:30:00' } }),
    'source.kafka.offset.timestamp must be UTC with minute precision (YYYY-MM-DDTHH:MM)',
  ],
  [
    'kafka offset timestamp zone',
    kafkaBody({ offset: { strategy: 'from_timestamp', timestamp: '2025-03-01T12:30+02:00' } }),
    'source.kafka.offset.timestamp must be UTC with minute precision (YYYY-MM-DDTHH:MM)',
  ],
  [
    'kafka registry http',
    kafkaBody({
      format: 'AvroConfluent',
      schemaRegistry: { url: 'http://registry.example', credentials: { username: 'r', password: 'p' } },
    }),
    'source.kafka.schemaRegistry.url must use https',
  ],
  [
    'kafka registry required',
    kafkaBody({ format: 'AvroConfluent' }),
    'source.kafka.schemaRegistry is required when format is AvroConfluent',
  ],
  [
    'kafka CA not PEM',
    kafkaBody({ caCertificate: 'abc' }),
    'source.kafka.caCertificate must be PEM-encoded (-----BEGIN CERTIFICATE----- ... -----END CERTIFICATE-----)',
  ],
  [
    'kinesis iamRole',
    kinesisBody({ authentication: 'IAM_ROLE', accessKey: undefined }),
    'source.kinesis.iamRole is required when authentication is IAM_ROLE',
  ],
  [
    'kinesis accessKey',
    kinesisBody({ accessKey: undefined }),
    'source.kinesis.accessKey must be {accessKeyId, secretKey} for authentication IAM_USER',
  ],
  [
    'kinesis timestamp required',
    kinesisBody({ iteratorType: 'AT_TIMESTAMP' }),
    'source.kinesis.timestamp is required when iteratorType is AT_TIMESTAMP',
  ],
  [
    'kinesis timestamp ms',
    kinesisBody({ iteratorType: 'AT_TIMESTAMP', timestamp: 1735689600000 }),
    'source.kinesis.timestamp must be an integer Unix timestamp in seconds',
  ],
  ['kinesis region', kinesisBody({ region: undefined }), 'source.kinesis.region is required'],
  ['object store url', objectStorageBody({ url: undefined }), 'source.objectStorage.url is required for type s3'],
  [
    'object store queue one-shot',
    objectStorageBody({ isContinuous: false, queueUrl: 'https://q' }),
    'source.objectStorage.queueUrl requires isContinuous true and a non-public authentication',
  ],
  [
    'object store queue public',
    objectStorageBody({ authentication: undefined, accessKey: undefined, queueUrl: 'https://q' }),
    'source.objectStorage.queueUrl requires isContinuous true and a non-public authentication',
  ],
  [
    'object store CONNECTION_STRING on s3',
    objectStorageBody({ authentication: 'CONNECTION_STRING', accessKey: undefined }),
    'source.objectStorage.authentication CONNECTION_STRING is not allowed for type s3',
  ],
  [
    'object store iamRole',
    objectStorageBody({ authentication: 'IAM_ROLE', accessKey: undefined }),
    'source.objectStorage.iamRole is required when authentication is IAM_ROLE',
  ],
  [
    'azure blob with url',
    azureBlobBody({ url: 'https://x' }),
    'source.objectStorage.url must not be set for type azureblobstorage; use azureContainerName and path',
  ],
  [
    'azure blob connection string',
    azureBlobBody({ connectionString: undefined }),
    'source.objectStorage.connectionString is required for type azureblobstorage',
  ],
  [
    'azure blob container',
    azureBlobBody({ azureContainerName: undefined }),
    'source.objectStorage.azureContainerName is required for type azureblobstorage',
  ],
  ['azure blob path', azureBlobBody({ path: '' }), 'source.objectStorage.path is required for type azureblobstorage'],
  [
    'azure blob container on gcs',
    objectStorageBody({ type: 'gcs', azureContainerName: 'c' }),
    'source.objectStorage.azureContainerName is only allowed for type azureblobstorage',
  ],
  ['postgres port', postgresBody({ port: 70000 }), 'source.postgres.port must be an integer between 1 and 65535'],
  [
    'postgres credentials',
    postgresBody({ credentials: { username: 'u' } }),
    'source.postgres.credentials must be {username, password}',
  ],
  [
    'postgres tables',
    postgresBody({ tableMappings: [] }),
    'source.postgres.tableMappings must contain at least 1 table mapping',
  ],
  [
    'postgres mode',
    postgresBody({ settings: { replicationMode: 'full' } }),
    'source.postgres.settings.replicationMode must be one of cdc, snapshot, cdc_only',
  ],
  [
    'postgres failover with slot',
    postgresBody({ settings: { enableFailoverSlots: true, replicationSlotName: 's' } }),
    'source.postgres.settings.enableFailoverSlots requires that replicationSlotName is not set',
  ],
  [
    'destination table',
    kafkaBody({}, { destination: { managedTable: true, columns: cols('id', 'ts') } }),
    'destination.table is required',
  ],
  [
    'destination managedTable',
    kafkaBody({}, { destination: { table: 'e', columns: cols('id', 'ts') } }),
    'destination.managedTable is required',
  ],
  [
    'destination columns',
    kafkaBody({}, { destination: { table: 'e', managedTable: false, columns: [] } }),
    'destination.columns is required',
  ],
  [
    'column type',
    kafkaBody({}, { destination: { table: 'e', managedTable: false, columns: [{ name: 'id' }] } }),
    'destination.columns[0].type is required',
  ],
  [
    'summing without columns',
    kafkaBody(
      {},
      {
        destination: {
          table: 'e',
          managedTable: true,
          columns: cols('id', 'ts'),
          tableDefinition: { engine: { type: 'SummingMergeTree' } },
        },
      },
    ),
    'destination.tableDefinition.engine.columnIds is required for SummingMergeTree',
  ],
  [
    'replacing without version',
    kafkaBody(
      {},
      {
        destination: {
          table: 'e',
          managedTable: true,
          columns: cols('id', 'ts'),
          tableDefinition: { engine: { type: 'ReplacingMergeTree' } },
        },
      },
    ),
    'destination.tableDefinition.engine.versionColumnId is required for ReplacingMergeTree',
  ],
  [
    'version column unknown',
    kafkaBody(
      {},
      {
        destination: {
          table: 'e',
          managedTable: true,
          columns: cols('id', 'ts'),
          tableDefinition: { engine: { type: 'ReplacingMergeTree', versionColumnId: 'v' } },
        },
      },
    ),
    'destination.tableDefinition.engine.versionColumnId names v, which is not a destination column',
  ],
  [
    'unmapped columns',
    kafkaBody({}, { fieldMappings: [] }),
    'fieldMappings must map every destination column; missing: id, ts',
  ],
  [
    'one unmapped column',
    kafkaBody({}, { fieldMappings: mapping('id') }),
    'fieldMappings must map every destination column; missing: ts',
  ],
  [
    'mapping to unknown column',
    kafkaBody({}, { fieldMappings: mapping('id', 'ts', 'x') }),
    'fieldMappings[2].destinationField x is not a destination column',
  ],
  [
    'cpu low',
    kafkaBody({}, { scaling: { replicaCpuMillicores: 100 } }),
    'scaling.replicaCpuMillicores must be between 125 and 2000',
  ],
  [
    'cpu high',
    kafkaBody({}, { scaling: { replicaCpuMillicores: 2001 } }),
    'scaling.replicaCpuMillicores must be between 125 and 2000',
  ],
  [
    'memory',
    kafkaBody({}, { scaling: { replicaMemoryGb: 0.25 } }),
    'scaling.replicaMemoryGb must be between 0.5 and 8',
  ],
  ['replicas', kafkaBody({}, { scaling: { replicas: 0 } }), 'scaling.replicas must be an integer from 1 to 40'],
  [
    'replicas above the contract',
    kafkaBody({}, { scaling: { replicas: 41 } }),
    'scaling.replicas must be an integer from 1 to 40',
  ],
  [
    'concurrency on kafka',
    kafkaBody({}, { scaling: { concurrency: 2 } }),
    'scaling.concurrency is only supported for object storage pipes',
  ],
  [
    'cpu on object store',
    objectStorageBody({}, { scaling: { replicaCpuMillicores: 500 } }),
    'scaling.replicaCpuMillicores is only supported for streaming pipes',
  ],
  [
    'scaling on postgres',
    postgresBody({}, { scaling: { replicas: 2 } }),
    'scaling.replicas is not supported for Postgres pipes; use clickpipesCdcScaling',
  ],
  ['unknown setting', kafkaBody({}, { settings: { max_threads: 4 } }), 'settings.max_threads is not a known setting'],
  [
    'setting above max',
    kafkaBody({}, { settings: { clickhouse_max_threads: 65 } }),
    'settings.clickhouse_max_threads must be an integer between 0 and 64',
  ],
  [
    'setting below min',
    kafkaBody({}, { settings: { object_storage_max_insert_bytes: 1 } }),
    'settings.object_storage_max_insert_bytes must be an integer between 10485760 and 53687091200',
  ],
  [
    'boolean setting',
    kafkaBody({}, { settings: { object_storage_use_cluster_function: 'yes' } }),
    'settings.object_storage_use_cluster_function must be a boolean',
  ],
];

describe('pipe creation validation', () => {
  it.each(VALID)('accepts %s, returning no secret', async (_label, body) => {
    const res = await create(body);
    expect(res.status, res.text).toBe(200);
    expect(res.body.result.state).toBe('Provisioning');
    expect(res.body.result.destination).not.toHaveProperty('roles');
    for (const secret of SECRETS) expect(res.text).not.toContain(secret);
    const kind = Object.entries(res.body.result.source).find(([, v]) => v !== null)![0];
    for (const field of ['credentials', 'accessKey', 'connectionString'])
      expect(res.body.result.source[kind]).not.toHaveProperty(field);
    const listed = await t.cloud<Envelope<Pipe[]>>('GET', `${t.service}/clickpipes`);
    for (const secret of SECRETS) expect(listed.text).not.toContain(secret);
  });

  it.each(INVALID)('rejects %s', async (_label, body, message) => {
    const before = t.emulator.state.pipes.size;
    const res = await create(body);
    expect([res.status, res.body.error]).toEqual([400, `BAD_REQUEST: ${message}`]);
    expect(t.emulator.state.pipes.size).toBe(before);
  });

  it('defaults the Kafka consumer group to clickpipes-<pipeId> and keeps a given one', async () => {
    const res = await create(kafkaBody());
    expect(res.body.result.source.kafka!.consumerGroup).toBe(`clickpipes-${res.body.result.id}`);
    const own = await create(kafkaBody({ consumerGroup: 'mine' }));
    expect(own.body.result.source.kafka!.consumerGroup).toBe('mine');
  });

  it('answers 424 on a service that is not running, before any validation', async () => {
    const services = await t.cloud<Envelope<{ id: string; name: string }[]>>('GET', `${t.org}/services`);
    const stopped = services.body.result.find((s) => s.name === 'Development')!;
    const res = await t.cloud<Envelope<unknown>>('POST', `${t.org}/services/${stopped.id}/clickpipes`, {
      body: kafkaBody(),
    });
    expect([res.status, res.body.error]).toEqual([424, `FAILED_DEPENDENCY: service ${stopped.id} is not running`]);
  });
});
