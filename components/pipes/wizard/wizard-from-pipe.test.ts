import { describe, expect, it } from 'vitest';
import { parseDraft } from './wizard-draft';
import { pipeDraftFrom } from './wizard-from-pipe';
import { toRequestInput } from './wizard-request';

const kafkaPipe = {
  id: 'a3f0c0de-0000-4000-8000-000000000001',
  name: 'Orders events',
  state: 'Running',
  source: {
    kafka: {
      type: 'confluent',
      authentication: 'PLAIN',
      brokers: 'broker-1:9092',
      topics: 'orders',
      format: 'AvroRegistry',
      consumerGroup: 'sluice-orders',
      reversePrivateEndpointIds: ['rpe-1', 'rpe-2'],
      schemaRegistry: { authentication: 'PLAIN', url: 'https://registry.example', credentials: { username: 'reg' } },
      credentials: { username: 'svc-orders' },
    },
  },
  destination: {
    database: 'default',
    table: 'orders',
    managedTable: true,
    columns: [
      { name: 'id', type: 'UInt64' },
      { name: 'total', type: 'Float64' },
    ],
    roles: ['writer', 'reader'],
  },
  fieldMappings: [
    { sourceField: 'id', destinationField: 'id' },
    { sourceField: 'total', destinationField: 'total' },
  ],
  scaling: { replicas: 2 },
  settings: { streaming_max_insert_wait_ms: 5000 },
};

describe('a stored pipe as a wizard draft', () => {
  it('keeps the definition and asks for every secret its authentication needs', () => {
    const draft = pipeDraftFrom(kafkaPipe);
    expect(draft?.kind).toBe('kafka');
    expect(draft?.secrets).toEqual([
      'source.kafka.credentials.password',
      'source.kafka.schemaRegistry.credentials.password',
    ]);
    const restored = parseDraft(draft!.text);
    expect(restored).toMatchObject({ step: 'connection', clearedSecrets: draft!.secrets });
    const values = restored!.values;
    expect(values).toMatchObject({ kind: 'kafka', name: 'Orders events' });
    expect(values.source.kafka).toMatchObject({
      type: 'confluent',
      authentication: 'PLAIN',
      brokers: 'broker-1:9092',
      reversePrivateEndpointIds: 'rpe-1, rpe-2',
      credentials: { username: 'svc-orders', password: '' },
      schemaRegistry: { url: 'https://registry.example', credentials: { username: 'reg', password: '' } },
    });
    expect(values.destination).toMatchObject({
      table: 'orders',
      roles: 'writer, reader',
      columns: kafkaPipe.destination.columns,
    });
    // What the wizard would send again: the same definition, less the secrets still to be typed.
    const request = toRequestInput(values);
    expect(request).toMatchObject({
      name: 'Orders events',
      destination: { table: 'orders', roles: ['writer', 'reader'] },
      fieldMappings: kafkaPipe.fieldMappings,
      scaling: { replicas: 2 },
      settings: { streaming_max_insert_wait_ms: 5000 },
    });
    expect(
      (request.source as { kafka: { reversePrivateEndpointIds: string[] } }).kafka.reversePrivateEndpointIds,
    ).toEqual(['rpe-1', 'rpe-2']);
  });

  it("turns a database pipe's table lists back into the form's text", () => {
    const draft = pipeDraftFrom({
      name: 'Shop replica',
      source: {
        postgres: {
          host: 'db.internal',
          port: 5432,
          database: 'shop',
          credentials: { username: 'replicator' },
          settings: { replicationMode: 'cdc' },
          tableMappings: [
            {
              sourceSchemaName: 'public',
              sourceTable: 'orders',
              targetTable: 'orders',
              sortingKeys: ['id', 'at'],
              excludedColumns: ['note'],
            },
          ],
        },
      },
      destination: { database: 'shop' },
    });
    expect(draft?.secrets).toEqual(['source.postgres.credentials.password']);
    const mapping = parseDraft(draft!.text)!.values.source.postgres.tableMappings[0];
    expect(mapping).toMatchObject({
      sourceTable: 'orders',
      useCustomSortingKey: true,
      sortingKeys: 'id, at',
      excludedColumns: 'note',
    });
  });

  it('asks for no secret where the authentication has none (an IAM role), and never a connection string of a bucket', () => {
    const draft = pipeDraftFrom({
      name: 'Daily export backfill',
      source: {
        objectStorage: {
          type: 'objstore_1',
          url: 'https://bucket/daily/*.json',
          blobContainerName: null,
          authentication: 'IAM_ROLE',
          iamRole: 'arn:aws:iam::1:role/x',
        },
      },
      destination: { table: 'exports' },
    });
    expect(draft?.secrets).toEqual([]);
    expect(parseDraft(draft!.text)!.values.source.objectStorage).toMatchObject({
      url: 'https://bucket/daily/*.json',
      blobContainerName: '',
      iamRole: 'arn:aws:iam::1:role/x',
    });
    expect(
      pipeDraftFrom({
        name: 'b',
        source: { objectStorage: { type: 'objstore_4', authentication: 'CONNECTION_STRING' } },
      })?.secrets,
    ).toEqual(['source.objectStorage.connectionString']);
  });

  it('gives nothing for a definition without a source the wizard knows', () => {
    expect(pipeDraftFrom({ name: 'x', source: { somethingNew: {} } })).toBeNull();
  });
});
