import { describe, expect, it } from 'vitest';
import type { PipeRecord } from '@/lib/schemas/pipes';
import { pipeDestinationSummary, pipeKindLabel } from './pipe-format';
import {
  definitionsOf,
  destinationDefinitions,
  fieldLabel,
  formatFieldValue,
  scalingDefinitions,
  settingDefinitions,
  sourceDefinitions,
} from './pipe-definition';

describe('pipe definitions', () => {
  it('labels known fields from the table, with their units', () => {
    expect(fieldLabel('consumerGroup')).toBe('Consumer group');
    expect(fieldLabel('replicaCpuMillicores')).toBe('CPU per replica (millicores)');
    expect(fieldLabel('replicaMemoryGb')).toBe('Memory per replica (GB)');
    expect(fieldLabel('streaming_max_insert_wait_ms')).toBe('Max insert wait (ms)');
    expect(fieldLabel('engine_min_insert_block_size_bytes')).toBe('Min insert block size (bytes)');
    expect(fieldLabel('caCertificate')).toBe('CA certificate');
    expect(fieldLabel('reversePrivateEndpointIds')).toBe('Reverse private endpoint IDs');
    expect(fieldLabel('queueUrl')).toBe('Queue URL');
  });

  it.each([
    ['type', 'Type'],
    ['authentication', 'Authentication'],
    ['brokers', 'Brokers'],
    ['topics', 'Topics'],
    ['format', 'Format'],
    ['consumerGroup', 'Consumer group'],
    ['caCertificate', 'CA certificate'],
    ['iamRole', 'IAM role'],
    ['strategy', 'Strategy'],
    ['timestamp', 'Timestamp'],
    ['reversePrivateEndpointIds', 'Reverse private endpoint IDs'],
    ['schemaRegistry', 'Schema registry'],
    ['url', 'URL'],
    ['iteratorType', 'Iterator type'],
    ['region', 'Region'],
    ['streamName', 'Stream name'],
    ['compression', 'Compression'],
    ['delimiter', 'Delimiter'],
    ['blobContainerName', 'Blob container name'],
    ['path', 'Path'],
    ['queueUrl', 'Queue URL'],
    ['accessKeyId', 'Access key ID'],
    ['host', 'Host'],
    ['port', 'Port'],
    ['database', 'Database'],
    ['replicationMode', 'Replication mode'],
    ['allowNullableColumns', 'Allow nullable columns'],
    ['initialLoadParallelism', 'Initial load parallelism'],
    ['publicationName', 'Publication name'],
    ['replicationSlotName', 'Replication slot name'],
    ['pullBatchSize', 'Pull batch size'],
    ['tableEngine', 'Table engine'],
    ['excludedColumns', 'Excluded columns'],
    ['table', 'Table'],
    ['managedTable', 'Managed table'],
    ['tableDefinition', 'Table definition'],
    ['engine', 'Engine'],
    ['primaryKey', 'Primary key'],
    ['sortingKey', 'Sorting key'],
    ['offset', 'Start offset'],
    ['useEnhancedFanOut', 'Enhanced fan-out'],
    ['isContinuous', 'Continuous ingestion'],
    ['enableFailoverSlots', 'Failover replication slots'],
    ['syncIntervalSeconds', 'Sync interval (seconds)'],
    ['partitionBy', 'Partition key'],
    ['versionColumnId', 'Version column'],
    ['concurrency', 'Concurrency (deprecated)'],
    ['replicas', 'Replicas'],
  ])('labels the record field %s as "%s"', (key, label) => {
    expect(fieldLabel(key)).toBe(label);
  });

  it('labels unknown fields sanely, in camelCase or snake_case, keeping abbreviations', () => {
    expect(fieldLabel('someNewField')).toBe('Some new field');
    expect(fieldLabel('engine_new_cpu_limit')).toBe('Engine new CPU limit');
    expect(fieldLabel('webhookUrl')).toBe('Webhook URL');
    expect(fieldLabel('ownerId')).toBe('Owner ID');
    expect(fieldLabel('retry_after_ms')).toBe('Retry after (ms)');
    expect(fieldLabel('parseHTMLBody')).toBe('Parse html body');
  });

  it('never lists a secret field', () => {
    const items = definitionsOf({
      brokers: 'b:9092',
      credentials: { username: 'u', password: 'p' },
      connectionString: 'x',
    });
    expect(items).toEqual([{ label: 'Brokers', value: 'b:9092' }]);
    expect(formatFieldValue({ url: 'https://x', secretKey: 's', accessKey: 'a' })).toBe('URL: https://x');
  });

  it('formats values readably', () => {
    expect(formatFieldValue(true)).toBe('Yes');
    expect(formatFieldValue(null)).toBe('—');
    expect(formatFieldValue(['a', 'b'])).toBe('a, b');
  });

  it('names enumerated values as the creation form does', () => {
    expect(
      definitionsOf({ type: 'kafka', authentication: 'IAM_ROLE', format: 'JSONEachRow', iteratorType: 'LATEST' }),
    ).toEqual([
      { label: 'Type', value: 'Apache Kafka' },
      { label: 'Authentication', value: 'IAM role' },
      { label: 'Format', value: 'JSON (one object per row)' },
      { label: 'Iterator type', value: 'From the latest record' },
    ]);
    expect(formatFieldValue({ strategy: 'from_latest', timestamp: null }, 'offset')).toBe('From the latest message');
    expect(formatFieldValue({ strategy: 'from_timestamp', timestamp: '2026-01-02T03:04' }, 'offset')).toBe(
      'From a timestamp (2026-01-02T03:04 UTC)',
    );
    expect(formatFieldValue('someday_value', 'type')).toBe('someday_value');
  });

  it('lists a Postgres pipe’s replication settings as rows and leaves empty parts out of phrases', () => {
    const pipe = {
      destination: { database: 'billing' },
      source: {
        postgres: {
          host: 'db',
          port: 5432,
          database: 'billing',
          settings: { replicationMode: 'cdc', syncIntervalSeconds: 60 },
          tableMappings: [],
        },
      },
    } as unknown as PipeRecord;
    expect(sourceDefinitions(pipe)).toEqual([
      { label: 'Kind', value: 'Postgres' },
      { label: 'Host', value: 'db' },
      { label: 'Port', value: '5432' },
      { label: 'Database', value: 'billing' },
      { label: 'Replication mode', value: 'Initial snapshot, then change data capture' },
      { label: 'Sync interval (seconds)', value: '60' },
    ]);
    expect(destinationDefinitions(pipe)).toEqual([{ label: 'Database', value: 'billing' }]);
    expect(formatFieldValue({ tableEngine: 'MergeTree', sortingKeys: [], excludedColumns: ['a'] })).toBe(
      'Table engine: MergeTree; Excluded columns: a',
    );
    expect(formatFieldValue({ sortingKeys: [] })).toBe('—');
  });

  it('lists the table definition as rows of its own', () => {
    const pipe = {
      destination: {
        database: 'default',
        table: 'orders',
        managedTable: true,
        columns: [{ name: 'id', type: 'String' }],
        tableDefinition: {
          engine: { type: 'ReplacingMergeTree', versionColumnId: 'v' },
          partitionBy: null,
          primaryKey: null,
          sortingKey: ['ts', 'id'],
        },
      },
    } as unknown as PipeRecord;
    expect(destinationDefinitions(pipe)).toEqual([
      { label: 'Database', value: 'default' },
      { label: 'Table', value: 'orders' },
      { label: 'Managed table', value: 'Yes' },
      { label: 'Table engine', value: 'ReplacingMergeTree (version column v)' },
      { label: 'Partition key', value: '—' },
      { label: 'Primary key', value: '—' },
      { label: 'Sorting key', value: 'ts, id' },
      { label: 'Columns', value: 'id String' },
    ]);
  });

  it('shows the scaling fields of the pipe’s kind and only the settings it has', () => {
    const store = {
      source: { objectStorage: { type: 'objstore_1' } },
      scaling: { replicas: 2, concurrency: 0, replicaCpuMillicores: null, replicaMemoryGb: null },
      settings: { object_storage_max_file_count: 500, engine_max_threads: null },
    } as unknown as PipeRecord;
    expect(scalingDefinitions(store)).toEqual([
      { label: 'Replicas', value: '2' },
      { label: 'Concurrency (deprecated)', value: '0' },
    ]);
    expect(settingDefinitions(store)).toEqual([{ label: 'Max files per batch', value: '500' }]);
  });

  it('summarises the destination as a table or, for Postgres, a table count', () => {
    const base = {
      destination: { database: 'default', table: 'orders' },
      source: { kafka: {} },
    } as unknown as PipeRecord;
    expect(pipeDestinationSummary(base)).toBe('orders');
    const postgres = {
      destination: { database: 'default' },
      source: { postgres: { tableMappings: [{}, {}] } },
    } as unknown as PipeRecord;
    expect(pipeDestinationSummary(postgres)).toBe('2 tables');
  });

  it('reads absent and null alike: the same pipe either way shows the same rows', () => {
    const withNulls = {
      source: {
        kafka: {
          type: 'kafka',
          authentication: 'PLAIN',
          brokers: 'b:9092',
          topics: 't',
          format: 'JSONEachRow',
          consumerGroup: null,
          offset: null,
          schemaRegistry: null,
        },
        objectStorage: null,
        streamService: null,
        postgres: null,
      },
      destination: {
        database: 'default',
        table: 'orders',
        tableDefinition: { engine: { type: 'MergeTree' }, partitionBy: null, primaryKey: null, sortingKey: ['ts'] },
      },
      scaling: { replicas: 1, concurrency: null, replicaCpuMillicores: 500, replicaMemoryGb: 2 },
      settings: { streaming_max_insert_wait_ms: null },
    } as unknown as PipeRecord;
    const absent = {
      source: {
        kafka: { type: 'kafka', authentication: 'PLAIN', brokers: 'b:9092', topics: 't', format: 'JSONEachRow' },
      },
      destination: {
        database: 'default',
        table: 'orders',
        tableDefinition: { engine: { type: 'MergeTree' }, sortingKey: ['ts'] },
      },
      scaling: { replicas: 1, replicaCpuMillicores: 500, replicaMemoryGb: 2 },
      settings: {},
    } as unknown as PipeRecord;
    const shown = (pipe: PipeRecord) =>
      [
        ...sourceDefinitions(pipe),
        ...destinationDefinitions(pipe),
        ...scalingDefinitions(pipe),
        ...settingDefinitions(pipe),
      ].filter((row) => row.value !== '—');
    expect(shown(absent)).toEqual(shown(withNulls));
  });

  it('shows a pipe of a source kind or type newer than this console read-only, with its fields', () => {
    const mongo = {
      source: { mongodb: { uri: 'mongodb+srv://cluster', database: 'app' } },
      destination: { database: 'app' },
    } as unknown as PipeRecord;
    expect(pipeKindLabel(mongo)).toBe('Other source (mongodb)');
    expect(sourceDefinitions(mongo)).toEqual([
      { label: 'Kind', value: 'mongodb (not managed by this console)' },
      { label: 'Uri', value: 'mongodb+srv://cluster' },
      { label: 'Database', value: 'app' },
    ]);
    const r2 = {
      source: { objectStorage: { type: 'cloudflarer2', url: 'https://r2/x/*.json', format: 'JSONEachRow' } },
    } as unknown as PipeRecord;
    expect(sourceDefinitions(r2)).toContainEqual({ label: 'Type', value: 'cloudflarer2' });
  });
});
