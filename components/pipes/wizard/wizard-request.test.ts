import { describe, expect, it } from 'vitest';
import { safeParse } from 'zod/v4/core';
import { compactPipeRequest, pipeCreateSchema } from '@/lib/schemas/pipes/create';
import { splitList, toRequestInput } from './wizard-request';
import { emptyWizardValues, type WizardValues } from './wizard-values';

const PEM_CERT = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';
const PEM_KEY = '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----';

function tableBase(kind: WizardValues['kind']): WizardValues {
  const values = emptyWizardValues();
  values.kind = kind;
  values.name = 'Orders';
  values.destination = {
    ...values.destination,
    table: 'orders',
    columns: [
      { name: 'id', type: 'UInt64' },
      { name: 'total', type: 'Float64' },
    ],
  };
  values.fieldMappings = [
    { sourceField: 'id', destinationField: 'id' },
    { sourceField: 'amount', destinationField: 'total' },
  ];
  return values;
}

const parse = (values: WizardValues) => safeParse(pipeCreateSchema, toRequestInput(values));
const issuePaths = (values: WizardValues) => {
  const result = parse(values);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
};

describe('toRequestInput', () => {
  it('sends a Kafka source with only the credentials its method needs and no blank fields', () => {
    const values = tableBase('kafka');
    Object.assign(values.source.kafka, { brokers: 'b1:9092', topics: 'orders' });
    values.source.kafka.credentials.username = 'u';
    values.source.kafka.credentials.password = 'p';
    values.source.kafka.credentials.certificate = PEM_CERT; // typed earlier for another method
    const body = toRequestInput(values);
    expect(body.source).toEqual({
      kafka: {
        type: 'kafka',
        authentication: 'PLAIN',
        brokers: 'b1:9092',
        topics: 'orders',
        format: 'JSONEachRow',
        credentials: { username: 'u', password: 'p' },
      },
    });
    expect(body).not.toHaveProperty('scaling');
    expect(body).not.toHaveProperty('settings');
    expect(parse(values).success).toBe(true);
  });

  it('sends mutual TLS, a timestamp offset, endpoint ids and a schema registry only when chosen', () => {
    const values = tableBase('kafka');
    const kafka = values.source.kafka;
    Object.assign(kafka, {
      type: 'vendor_3',
      authentication: 'MUTUAL_TLS',
      brokers: 'b',
      topics: 't',
      format: 'AvroRegistry',
    });
    kafka.credentials.certificate = PEM_CERT;
    kafka.credentials.privateKey = PEM_KEY;
    kafka.offset = { strategy: 'from_timestamp', timestamp: '2026-01-02T03:04' };
    kafka.reversePrivateEndpointIds = 'rpe-1,\n rpe-2';
    kafka.schemaRegistry = {
      url: 'https://registry.example.com',
      caCertificate: '',
      credentials: { username: 'r', password: 's' },
    };
    const source = (toRequestInput(values).source as { kafka: Record<string, unknown> }).kafka;
    expect(source.credentials).toEqual({ certificate: PEM_CERT, privateKey: PEM_KEY });
    expect(source.offset).toEqual({ strategy: 'from_timestamp', timestamp: '2026-01-02T03:04' });
    expect(source.reversePrivateEndpointIds).toEqual(['rpe-1', 'rpe-2']);
    expect(source.schemaRegistry).toEqual({
      authentication: 'PLAIN',
      url: 'https://registry.example.com',
      credentials: { username: 'r', password: 's' },
    });
    expect(parse(values).success).toBe(true);

    kafka.format = 'Avro';
    expect((toRequestInput(values).source as { kafka: object }).kafka).not.toHaveProperty('schemaRegistry');
  });

  it('names the field of a Kafka method the type does not allow and of a plain registry URL', () => {
    const values = tableBase('kafka');
    Object.assign(values.source.kafka, {
      type: 'vendor_5',
      authentication: 'MUTUAL_TLS',
      brokers: 'b',
      topics: 't',
      format: 'AvroRegistry',
    });
    values.source.kafka.credentials.certificate = PEM_CERT;
    values.source.kafka.credentials.privateKey = PEM_KEY;
    values.source.kafka.schemaRegistry.url = 'http://registry';
    expect(issuePaths(values)).toEqual(
      expect.arrayContaining(['source.kafka.authentication', 'source.kafka.schemaRegistry.url']),
    );
  });

  it('sends the IAM role, not credentials, for IAM_ROLE', () => {
    const values = tableBase('kafka');
    Object.assign(values.source.kafka, {
      type: 'vendor_3',
      authentication: 'IAM_ROLE',
      brokers: 'b',
      topics: 't',
      iamRole: 'arn:role',
    });
    values.source.kafka.credentials.password = 'left over';
    const kafka = (toRequestInput(values).source as { kafka: Record<string, unknown> }).kafka;
    expect(kafka.iamRole).toBe('arn:role');
    expect(kafka).not.toHaveProperty('credentials');
    expect(parse(values).success).toBe(true);
  });

  it('sends a stream timestamp only from a timestamp and requires it there', () => {
    const values = tableBase('streamService');
    Object.assign(values.source.streamService, {
      region: 'us-east-1',
      streamName: 's',
      iamRole: 'arn:role',
      iteratorType: 'AT_TIMESTAMP',
    });
    expect(issuePaths(values)).toEqual(['source.streamService.timestamp']);
    values.source.streamService.timestamp = 1_700_000_000;
    expect(parse(values).success).toBe(true);
    values.source.streamService.iteratorType = 'LATEST';
    expect((toRequestInput(values).source as { streamService: object }).streamService).not.toHaveProperty('timestamp');
  });

  it('sends a blob container with its connection string, container and path instead of a URL', () => {
    const values = tableBase('objectStorage');
    Object.assign(values.source.objectStorage, {
      type: 'objstore_4',
      url: 'https://left.over/*',
      connectionString: 'AccountName=x',
      blobContainerName: 'logs',
      path: 'daily/*.json',
      authentication: 'CONNECTION_STRING',
      format: 'JSONEachRow',
      delimiter: ';',
    });
    const source = (toRequestInput(values).source as { objectStorage: object }).objectStorage;
    expect(source).toEqual({
      type: 'objstore_4',
      format: 'JSONEachRow',
      authentication: 'CONNECTION_STRING',
      connectionString: 'AccountName=x',
      blobContainerName: 'logs',
      path: 'daily/*.json',
    });
    expect(parse(values).success).toBe(true);
  });

  it('sends a queue URL only for continuous ingestion with authentication, and a delimiter only for CSV', () => {
    const values = tableBase('objectStorage');
    Object.assign(values.source.objectStorage, {
      url: 'https://bucket/*.csv',
      format: 'CSV',
      delimiter: ';',
      queueUrl: 'https://queue',
      isContinuous: true,
    });
    let source = (toRequestInput(values).source as { objectStorage: Record<string, unknown> }).objectStorage;
    expect(source.delimiter).toBe(';');
    expect(source).not.toHaveProperty('queueUrl'); // public bucket
    values.source.objectStorage.authentication = 'IAM_ROLE';
    values.source.objectStorage.iamRole = 'arn:role';
    source = (toRequestInput(values).source as { objectStorage: Record<string, unknown> }).objectStorage;
    expect(source.queueUrl).toBe('https://queue');
    expect(parse(values).success).toBe(true);
  });

  it('sends a Postgres pipe without field mappings, table or columns, with its table mappings', () => {
    const values = tableBase('postgres');
    Object.assign(values.source.postgres, {
      host: 'db',
      database: 'shop',
      credentials: { username: 'u', password: 'p' },
    });
    values.source.postgres.tableMappings = [
      {
        sourceSchemaName: 'public',
        sourceTable: 'orders',
        targetTable: 'orders',
        tableEngine: '',
        useCustomSortingKey: false,
        sortingKeys: 'id',
        excludedColumns: '',
      },
      {
        sourceSchemaName: 'public',
        sourceTable: 'users',
        targetTable: 'users',
        tableEngine: 'ReplacingMergeTree',
        useCustomSortingKey: true,
        sortingKeys: 'id, email',
        excludedColumns: 'password_hash',
      },
    ];
    values.source.validateSamples = true;
    const body = toRequestInput(values);
    expect(body).not.toHaveProperty('fieldMappings');
    expect(body.destination).toEqual({ database: 'default' });
    expect(body.source).toEqual({
      postgres: {
        host: 'db',
        port: 5432,
        database: 'shop',
        credentials: { username: 'u', password: 'p' },
        tableMappings: [
          { sourceSchemaName: 'public', sourceTable: 'orders', targetTable: 'orders' },
          {
            sourceSchemaName: 'public',
            sourceTable: 'users',
            targetTable: 'users',
            tableEngine: 'ReplacingMergeTree',
            useCustomSortingKey: true,
            sortingKeys: ['id', 'email'],
            excludedColumns: ['password_hash'],
          },
        ],
      },
    });
    expect(parse(values).success).toBe(true);
  });

  it('omits empty scaling and settings but keeps zeros and false', () => {
    const values = tableBase('objectStorage');
    values.source.objectStorage.url = 'https://bucket/*';
    values.scaling.concurrency = 0;
    values.settings.object_storage_use_cluster_function = false;
    const body = toRequestInput(values);
    expect(body.scaling).toEqual({ concurrency: 0 });
    expect(body.settings).toEqual({ object_storage_use_cluster_function: false });
    expect(compactPipeRequest(body)).toEqual(body);
  });

  it('refuses a bound on both sides with the field named', () => {
    const values = tableBase('streamService');
    Object.assign(values.source.streamService, { region: 'r', streamName: 's', iamRole: 'arn' });
    values.scaling.replicaCpuMillicores = 124;
    values.settings.streaming_max_insert_wait_ms = 60_001;
    expect(issuePaths(values)).toEqual(['scaling.replicaCpuMillicores', 'settings.streaming_max_insert_wait_ms']);
  });

  it('sends the table definition only when an engine is chosen, with the engine fields it needs', () => {
    const values = tableBase('kafka');
    Object.assign(values.source.kafka, { brokers: 'b', topics: 't' });
    Object.assign(values.source.kafka.credentials, { username: 'u', password: 'p' });
    expect(toRequestInput(values).destination).not.toHaveProperty('tableDefinition');
    values.destination.tableDefinition = {
      engine: { type: 'SummingMergeTree', columnIds: ['total'], versionColumnId: 'id' },
      partitionBy: '',
      primaryKey: ' id ',
      sortingKey: ['id'],
    };
    expect((toRequestInput(values).destination as Record<string, unknown>).tableDefinition).toEqual({
      engine: { type: 'SummingMergeTree', columnIds: ['total'] },
      primaryKey: 'id',
      sortingKey: ['id'],
    });
    values.destination.tableDefinition.engine.columnIds = [];
    expect(issuePaths(values)).toEqual(['destination.tableDefinition.engine.columnIds']);
  });

  it('refuses an unmapped destination column', () => {
    const values = tableBase('kafka');
    Object.assign(values.source.kafka, { brokers: 'b', topics: 't' });
    Object.assign(values.source.kafka.credentials, { username: 'u', password: 'p' });
    values.fieldMappings = [{ sourceField: 'id', destinationField: 'id' }];
    expect(issuePaths(values)).toEqual(['fieldMappings']);
  });
});

describe('splitList', () => {
  it('splits lists on commas and new lines', () => {
    expect(splitList(' a, b\n\nc ,')).toEqual(['a', 'b', 'c']);
  });
});
