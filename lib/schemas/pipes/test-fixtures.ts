import { expect } from 'vitest';
import { safeParse, type $ZodType } from 'zod/v4/core';
import { pipeCreateSchema } from './create';

export const CERT = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIU\n-----END CERTIFICATE-----';
export const KEY = '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49\n-----END PRIVATE KEY-----';

export const columns = [
  { name: 'id', type: 'UInt64' },
  { name: 'body', type: 'String' },
];
export const destination = { database: 'default', table: 'events', managedTable: true, columns };
export const fieldMappings = columns.map((c) => ({ sourceField: c.name, destinationField: c.name }));

export const kafka = {
  type: 'kafka',
  authentication: 'PLAIN',
  brokers: 'broker-1:9092',
  topics: 'events',
  format: 'JSONEachRow',
  credentials: { username: 'ingest', password: 'secret' },
};
export const stream = {
  authentication: 'IAM_ROLE',
  iamRole: 'arn:role/ingest',
  format: 'JSONEachRow',
  iteratorType: 'LATEST',
  region: 'region-1',
  streamName: 'events',
};
export const objectStorage = { type: 'objstore_1', url: 'https://bucket.example/data/*.json', format: 'JSONEachRow' };
export const blob = {
  type: 'objstore_4',
  format: 'CSV',
  authentication: 'CONNECTION_STRING',
  connectionString: 'Endpoint=x;Key=y',
  blobContainerName: 'landing',
  path: 'data/*.csv',
};
export const postgres = {
  host: 'db.example',
  port: 5432,
  database: 'app',
  credentials: { username: 'replicator', password: 'secret' },
  tableMappings: [{ sourceSchemaName: 'public', sourceTable: 'orders', targetTable: 'public_orders' }],
};

const tableBody = (source: Record<string, unknown>) => ({ name: 'events', source, destination, fieldMappings });
export const bodies = {
  kafka: (over: Record<string, unknown> = {}) => tableBody({ kafka: { ...kafka, ...over } }),
  streamService: (over: Record<string, unknown> = {}) => tableBody({ streamService: { ...stream, ...over } }),
  objectStorage: (over: Record<string, unknown> = {}) => tableBody({ objectStorage: { ...objectStorage, ...over } }),
  blob: (over: Record<string, unknown> = {}) => tableBody({ objectStorage: { ...blob, ...over } }),
  postgres: (over: Record<string, unknown> = {}) => ({
    name: 'orders',
    source: { postgres: { ...postgres, ...over } },
    destination: { database: 'default' },
  }),
};

type Issue = { path: string; message: string };
export function issuesOf(schema: $ZodType, body: unknown): Issue[] {
  const result = safeParse(schema, body);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/** The first issue is exactly this one. */
export function expectIssue(body: unknown, path: string, message: string, schema: $ZodType = pipeCreateSchema) {
  expect(issuesOf(schema, body)[0]).toEqual({ path, message });
}

export function expectValid(body: unknown, schema: $ZodType = pipeCreateSchema) {
  expect(issuesOf(schema, body)).toEqual([]);
}
