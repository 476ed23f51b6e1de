import { describe, it } from 'vitest';
import { POSTGRES_TABLE_ENGINES, REPLICATION_MODES } from './bounds';
import { bodies, expectIssue, expectValid, postgres } from './test-fixtures';

const mapping = postgres.tableMappings[0];
const withMapping = (over: Record<string, unknown>) => bodies.postgres({ tableMappings: [{ ...mapping, ...over }] });
const withSettings = (settings: Record<string, unknown>) => bodies.postgres({ settings });

describe('Postgres source', () => {
  it('accepts the minimal body, both port bounds, every mode and engine, and a custom sorting key', () => {
    expectValid(bodies.postgres());
    expectValid(bodies.postgres({ port: 1 }));
    expectValid(bodies.postgres({ port: 65535 }));
    for (const replicationMode of REPLICATION_MODES) expectValid(withSettings({ replicationMode }));
    for (const tableEngine of POSTGRES_TABLE_ENGINES) expectValid(withMapping({ tableEngine }));
    expectValid(withMapping({ useCustomSortingKey: true, sortingKeys: ['id'], excludedColumns: ['secret'] }));
    expectValid(withMapping({ useCustomSortingKey: false, sortingKeys: [] }));
    expectValid(
      withSettings({
        allowNullableColumns: true,
        enableFailoverSlots: true,
        initialLoadParallelism: 1,
        publicationName: 'pub',
        pullBatchSize: 1,
        snapshotNumRowsPerPartition: 1,
        snapshotNumberOfParallelTables: 1,
        syncIntervalSeconds: 1,
      }),
    );
    expectValid(withSettings({ enableFailoverSlots: false, replicationSlotName: 'slot' }));
  });

  it('does not require table, managed table, columns or field mappings in the destination', () => {
    expectValid(bodies.postgres());
  });

  it.each([
    [bodies.postgres({ host: '' }), 'source.postgres.host', 'Host is required'],
    [bodies.postgres({ port: 0 }), 'source.postgres.port', 'Port must be at least 1'],
    [bodies.postgres({ port: 65536 }), 'source.postgres.port', 'Port must be at most 65535'],
    [bodies.postgres({ port: 5432.5 }), 'source.postgres.port', 'Port must be a whole number'],
    [bodies.postgres({ port: '5432' }), 'source.postgres.port', 'Port must be a number'],
    [bodies.postgres({ database: undefined }), 'source.postgres.database', 'Database is required'],
    [bodies.postgres({ credentials: undefined }), 'source.postgres.credentials', 'Username and password are required'],
    [
      bodies.postgres({ credentials: { username: 'u', password: '' } }),
      'source.postgres.credentials.password',
      'Password is required',
    ],
    [bodies.postgres({ tableMappings: [] }), 'source.postgres.tableMappings', 'Choose at least one table'],
    [bodies.postgres({ tableMappings: undefined }), 'source.postgres.tableMappings', 'Choose at least one table'],
    [
      withMapping({ sourceSchemaName: '' }),
      'source.postgres.tableMappings.0.sourceSchemaName',
      'Source schema is required',
    ],
    [
      withMapping({ sourceTable: undefined }),
      'source.postgres.tableMappings.0.sourceTable',
      'Source table is required',
    ],
    [withMapping({ targetTable: ' ' }), 'source.postgres.tableMappings.0.targetTable', 'Target table is required'],
    [
      withMapping({ tableEngine: 'SummingMergeTree' }),
      'source.postgres.tableMappings.0.tableEngine',
      'Table engine must be MergeTree, ReplacingMergeTree or Null',
    ],
    [
      withMapping({ useCustomSortingKey: true }),
      'source.postgres.tableMappings.0.sortingKeys',
      'Choose at least one sorting key column for a custom sorting key',
    ],
    [
      withMapping({ useCustomSortingKey: true, sortingKeys: [] }),
      'source.postgres.tableMappings.0.sortingKeys',
      'Choose at least one sorting key column for a custom sorting key',
    ],
    [
      withSettings({ replicationMode: 'logical' }),
      'source.postgres.settings.replicationMode',
      'Replication mode must be cdc, snapshot or cdc_only',
    ],
    [
      withSettings({ enableFailoverSlots: true, replicationSlotName: 'slot' }),
      'source.postgres.settings.enableFailoverSlots',
      'Failover slots need the replication slot name left empty',
    ],
    [
      withSettings({ initialLoadParallelism: 0 }),
      'source.postgres.settings.initialLoadParallelism',
      'Initial load parallelism must be at least 1',
    ],
    [
      withSettings({ pullBatchSize: 0 }),
      'source.postgres.settings.pullBatchSize',
      'Pull batch size must be at least 1',
    ],
    [
      withSettings({ snapshotNumRowsPerPartition: 0 }),
      'source.postgres.settings.snapshotNumRowsPerPartition',
      'Snapshot rows per partition must be at least 1',
    ],
    [
      withSettings({ snapshotNumberOfParallelTables: 1.5 }),
      'source.postgres.settings.snapshotNumberOfParallelTables',
      'Snapshot parallel tables must be a whole number',
    ],
    [
      withSettings({ syncIntervalSeconds: 0 }),
      'source.postgres.settings.syncIntervalSeconds',
      'Sync interval must be at least 1 second',
    ],
    [
      withSettings({ allowNullableColumns: 'true' }),
      'source.postgres.settings.allowNullableColumns',
      'Allow nullable columns must be true or false',
    ],
    [
      { ...bodies.postgres(), scaling: { replicas: 2 } },
      'scaling.replicas',
      'Replicas applies only to Kafka, Amazon Kinesis or object storage pipes',
    ],
    [
      { ...bodies.postgres(), settings: { streaming_max_insert_wait_ms: 1000 } },
      'settings.streaming_max_insert_wait_ms',
      'Max insert wait applies only to Kafka or Amazon Kinesis pipes',
    ],
  ])('refuses %#', (body, path, message) => {
    expectIssue(body, path, message);
  });
});
