import { describe, expect, it } from 'vitest';
import { PIPE_STATES } from './bounds';
import {
  canRunPipeCommand,
  kafkaEditableFields,
  pipeScalingPatchSchemaFor,
  pipeSettingsPutSchemaFor,
  pipeStateCommandSchemaFor,
  pipeUpdateSchemaFor,
} from './update';
import { CERT, KEY, columns, expectIssue, expectValid, fieldMappings } from './test-fixtures';

const kafkaPatch = pipeUpdateSchemaFor('kafka', { type: 'vendor_3', authentication: 'SCRAM-SHA-512' });

describe('pipe PATCH', () => {
  it('lists the Kafka fields that may change', () => {
    expect([...kafkaEditableFields]).toEqual([
      'authentication',
      'iamRole',
      'caCertificate',
      'reversePrivateEndpointIds',
      'credentials',
    ]);
  });

  it('accepts a rename, Kafka credential and method changes, columns with mappings and settings', () => {
    expectValid({ name: 'renamed' }, kafkaPatch);
    expectValid({ source: { kafka: { credentials: { username: 'u', password: 'p' } } } }, kafkaPatch);
    expectValid({ source: { kafka: { authentication: 'IAM_ROLE', iamRole: 'arn:role/r' } } }, kafkaPatch);
    expectValid(
      { source: { kafka: { authentication: 'IAM_USER', credentials: { accessKeyId: 'A', secretKey: 's' } } } },
      kafkaPatch,
    );
    expectValid(
      { source: { kafka: { authentication: 'MUTUAL_TLS', credentials: { certificate: CERT, privateKey: KEY } } } },
      kafkaPatch,
    );
    expectValid({ source: { kafka: { caCertificate: CERT, reversePrivateEndpointIds: ['rpe'] } } }, kafkaPatch);
    expectValid({ destination: { columns }, fieldMappings }, kafkaPatch);
    expectValid({ settings: { streaming_max_insert_wait_ms: 500 } }, kafkaPatch);
    expectValid({ source: { objectStorage: { url: 'https://b/*.csv' } } }, pipeUpdateSchemaFor('objectStorage'));
  });

  it.each([
    [{}, '', 'Nothing to update'],
    [{ name: '' }, 'name', 'Name is required'],
    [
      { source: { kafka: { brokers: 'b:9092' } } },
      'source.kafka',
      'brokers cannot change on a Kafka pipe; only authentication, iamRole, caCertificate, reversePrivateEndpointIds or credentials can (delete and recreate the pipe instead)',
    ],
    [
      { source: { kafka: { authentication: 'PLAIN' } } },
      'source.kafka.authentication',
      'Amazon MSK supports SCRAM-SHA-512, IAM_ROLE, IAM_USER or MUTUAL_TLS authentication',
    ],
    [
      { source: { kafka: { authentication: 'IAM_USER' } } },
      'source.kafka.credentials',
      'Access key ID and secret key are required',
    ],
    [
      { source: { kafka: { credentials: { username: 'u' } } } },
      'source.kafka.credentials.password',
      'Password is required',
    ],
    [{ source: { kafka: { authentication: 'IAM_ROLE' } } }, 'source.kafka.iamRole', 'IAM role is required'],
    [
      { source: { kafka: { authentication: 'IAM_ROLE', iamRole: 'r', credentials: { username: 'u' } } } },
      'source.kafka.credentials',
      'IAM role authentication sends no credentials; remove them',
    ],
    [
      { source: { kafka: { caCertificate: 'x' } } },
      'source.kafka.caCertificate',
      'CA certificate must be PEM text from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----',
    ],
    [{ destination: { columns } }, 'fieldMappings', 'Map every destination column; missing: id, body'],
    [{ destination: { columns: [] } }, 'destination.columns', 'Add at least one column'],
    [
      { settings: { object_storage_concurrency: 2 } },
      'settings.object_storage_concurrency',
      'File processing concurrency applies only to object storage pipes',
    ],
  ])('refuses %j', (body, path, message) => {
    expectIssue(body, path, message, kafkaPatch);
  });
});

describe('scaling PATCH, settings PUT and state commands', () => {
  it('patches only the scaling of the kind, and needs something to change', () => {
    expectValid({ replicas: 2, replicaCpuMillicores: 250 }, pipeScalingPatchSchemaFor('kafka'));
    expectValid({ concurrency: 0 }, pipeScalingPatchSchemaFor('objectStorage'));
    expectIssue({ replicas: null }, '', 'Nothing to update', pipeScalingPatchSchemaFor('kafka'));
    expectIssue(
      { replicaMemoryGb: 9 },
      'replicaMemoryGb',
      'Memory per replica must be at most 8 GB',
      pipeScalingPatchSchemaFor('streamService'),
    );
    expectIssue(
      { replicaMemoryGb: 1 },
      'replicaMemoryGb',
      'Memory per replica applies only to Kafka or Amazon Kinesis pipes',
      pipeScalingPatchSchemaFor('objectStorage'),
    );
  });

  it('puts settings that apply to the kind', () => {
    expectValid(
      { object_storage_max_file_count: 10000, engine_max_threads: null },
      pipeSettingsPutSchemaFor('objectStorage'),
    );
    expectIssue(
      { object_storage_max_file_count: 10001 },
      'object_storage_max_file_count',
      'Max files per batch must be at most 10000',
      pipeSettingsPutSchemaFor('objectStorage'),
    );
  });

  it('accepts start and stop for every kind and resync only for Postgres', () => {
    for (const command of ['start', 'stop']) expectValid({ command }, pipeStateCommandSchemaFor('kafka'));
    expectValid({ command: 'resync' }, pipeStateCommandSchemaFor('postgres'));
    expectIssue(
      { command: 'resync' },
      'command',
      'Resync applies only to Postgres pipes',
      pipeStateCommandSchemaFor('objectStorage'),
    );
    expectIssue(
      { command: 'pause' },
      'command',
      'Command must be start, stop or resync',
      pipeStateCommandSchemaFor('postgres'),
    );
  });

  it('knows from which states a command may run', () => {
    for (const state of PIPE_STATES) expect(canRunPipeCommand('kafka', state, 'stop')).toBe(true);
    expect(PIPE_STATES.filter((s) => canRunPipeCommand('kafka', s, 'start'))).toEqual(['Stopped', 'Failed']);
    expect(canRunPipeCommand('postgres', 'Running', 'resync')).toBe(true);
    expect(canRunPipeCommand('kafka', 'Running', 'resync')).toBe(false);
  });
});
