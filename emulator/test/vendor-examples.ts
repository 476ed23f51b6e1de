/**
 * The vendor's own documented creation bodies, copied from its ClickPipes OpenAPI reference with the
 * placeholders (`<secret_key>`, `<password>`, `<base64_encoded_service_account_json>`) replaced by
 * valid values. The real service accepts them as they are, so the emulator must too.
 *
 * Source of every example: https://clickhouse.com/docs/integrations/clickpipes/programmatic-access/openapi
 * (clickhouse-docs: docs/integrations/data-ingestion/clickpipes/programmatic-access/openapi.md). Its MySQL,
 * MongoDB and BigQuery examples are left out: the emulator has no such source kinds.
 */
type Body = Record<string, unknown>;

/** Secrets the examples carry after substitution; none may appear in an answer. */
export const VENDOR_EXAMPLE_SECRETS = [
  'my_password',
  'vendor-kinesis-secret',
  'vendor-s3-secret',
  'mykey',
  'vendor-pg-secret',
  'vendor-gcs-private-key',
];

/** A service account's JSON key file, base64-encoded, as `serviceAccountKey` takes it. */
export const SERVICE_ACCOUNT_KEY = Buffer.from(
  JSON.stringify({
    type: 'service_account',
    project_id: 'my-project',
    private_key_id: '0123456789abcdef',
    private_key: '-----BEGIN PRIVATE KEY-----\nvendor-gcs-private-key\n-----END PRIVATE KEY-----\n',
    client_email: 'clickpipes@my-project.iam.gserviceaccount.com',
  }),
).toString('base64');

const managedTable = (columns: [string, string][]): Body => ({
  table: 'my_table',
  managedTable: true,
  tableDefinition: { engine: { type: 'MergeTree' } },
  columns: columns.map(([name, type]) => ({ name, type })),
});

export const VENDOR_EXAMPLES: Record<string, Body> = {
  // …/openapi#create-kafka
  kafka: {
    name: 'My Kafka ClickPipe',
    source: {
      kafka: {
        type: 'confluent',
        format: 'JSONEachRow',
        brokers: 'broker.example.com:9092',
        topics: 'my_topic',
        consumerGroup: 'clickpipes-consumer-group',
        authentication: 'PLAIN',
        credentials: { username: 'my_user', password: 'my_password' },
      },
    },
    destination: managedTable([
      ['id', 'UInt64'],
      ['message', 'String'],
      ['timestamp', 'DateTime'],
    ]),
  },
  // …/openapi#create-kinesis
  kinesis: {
    name: 'My Kinesis ClickPipe',
    source: {
      kinesis: {
        format: 'JSONEachRow',
        streamName: 'my-stream',
        region: 'us-east-1',
        iteratorType: 'TRIM_HORIZON',
        authentication: 'IAM_USER',
        accessKey: { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretKey: 'vendor-kinesis-secret' },
      },
    },
    destination: managedTable([
      ['id', 'UInt64'],
      ['message', 'String'],
    ]),
  },
  // …/openapi#create-s3
  s3: {
    name: 'My S3 ClickPipe',
    source: {
      objectStorage: {
        type: 's3',
        url: 'https://my-bucket.s3.amazonaws.com/data/*.json',
        format: 'JSONEachRow',
        authentication: 'IAM_USER',
        accessKey: { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretKey: 'vendor-s3-secret' },
      },
    },
    destination: managedTable([
      ['id', 'UInt64'],
      ['message', 'String'],
    ]),
  },
  // …/openapi#create-gcs
  gcs: {
    name: 'My GCS ClickPipe',
    source: {
      objectStorage: {
        type: 'gcs',
        url: 'gs://my-bucket/data/*.json',
        format: 'JSONEachRow',
        authentication: 'SERVICE_ACCOUNT',
        serviceAccountKey: SERVICE_ACCOUNT_KEY,
      },
    },
    destination: managedTable([
      ['id', 'UInt64'],
      ['message', 'String'],
    ]),
  },
  // …/openapi#create-abs
  'azure blob storage': {
    name: 'My Azure Blob ClickPipe',
    source: {
      objectStorage: {
        type: 'azureblobstorage',
        azureContainerName: 'my-container',
        path: 'data/*.json',
        format: 'JSONEachRow',
        authentication: 'CONNECTION_STRING',
        connectionString:
          'DefaultEndpointsProtocol=https;AccountName=myaccount;AccountKey=mykey;EndpointSuffix=core.windows.net',
      },
    },
    destination: managedTable([
      ['id', 'UInt64'],
      ['message', 'String'],
    ]),
  },
  // …/openapi#create-postgres
  postgres: {
    name: 'My Postgres CDC ClickPipe',
    source: {
      postgres: {
        host: 'postgres.example.com',
        port: 5432,
        database: 'mydb',
        credentials: { username: 'postgres_user', password: 'vendor-pg-secret' },
        settings: { replicationMode: 'cdc' },
        tableMappings: [{ sourceSchemaName: 'public', sourceTable: 'users', targetTable: 'public_users' }],
      },
    },
    destination: { database: 'default' },
  },
};
