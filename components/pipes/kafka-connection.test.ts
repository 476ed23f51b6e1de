import { describe, expect, it } from 'vitest';
import { kafkaSourcePatchSchemaFor, type KafkaSourceRecord } from '@/lib/schemas/pipes';
import { CERT } from '@/lib/schemas/pipes/test-fixtures';
import {
  authMethodOptions,
  credentialFieldsFor,
  kafkaConnectionFormValues,
  splitIds,
  toKafkaConnectionPatch,
} from './kafka-connection';

const source: KafkaSourceRecord = {
  type: 'vendor_3',
  authentication: 'SCRAM-SHA-512',
  brokers: 'b-1:9096',
  topics: 'orders',
  format: 'JSONEachRow',
  consumerGroup: 'datapipes-1',
  caCertificate: null,
  iamRole: null,
  reversePrivateEndpointIds: ['rpe-1'],
};
const start = () => kafkaConnectionFormValues(source);

describe('Kafka connection form', () => {
  it('offers only the methods of the broker type and the credentials of the method', () => {
    expect(authMethodOptions('vendor_3').map((o) => o.value)).toEqual([
      'SCRAM-SHA-512',
      'IAM_ROLE',
      'IAM_USER',
      'MUTUAL_TLS',
    ]);
    expect(authMethodOptions('vendor_5').map((o) => o.value)).toEqual(['PLAIN']);
    expect(credentialFieldsFor('kafka', 'PLAIN').map((f) => f.name)).toEqual(['username', 'password']);
    expect(credentialFieldsFor('vendor_6', 'PLAIN').map((f) => f.name)).toEqual(['connectionString']);
    expect(credentialFieldsFor('vendor_3', 'IAM_USER').map((f) => f.name)).toEqual(['accessKeyId', 'secretKey']);
    expect(credentialFieldsFor('kafka', 'MUTUAL_TLS').map((f) => [f.name, f.multiline])).toEqual([
      ['certificate', true],
      ['privateKey', true],
    ]);
    expect(credentialFieldsFor('vendor_3', 'IAM_ROLE')).toEqual([]);
  });

  it('starts from the pipe, credentials empty (the upstream never returns them)', () => {
    expect(start()).toMatchObject({
      authentication: 'SCRAM-SHA-512',
      iamRole: '',
      caCertificate: '',
      reversePrivateEndpointIds: 'rpe-1',
    });
    expect(Object.values(start().credentials).every((v) => v === '')).toBe(true);
  });

  it('sends nothing when nothing changed, and keeps stored credentials when they are left empty', () => {
    expect(toKafkaConnectionPatch(source, start())).toEqual({});
    expect(toKafkaConnectionPatch(source, { ...start(), reversePrivateEndpointIds: 'rpe-1, rpe-2' })).toEqual({
      reversePrivateEndpointIds: ['rpe-1', 'rpe-2'],
    });
  });

  it('sends new credentials of the same method', () => {
    const values = { ...start(), credentials: { ...start().credentials, username: 'u', password: 'p' } };
    expect(toKafkaConnectionPatch(source, values)).toEqual({ credentials: { username: 'u', password: 'p' } });
  });

  it('sends a new method with its credentials, which the schema then requires', () => {
    const patch = toKafkaConnectionPatch(source, { ...start(), authentication: 'IAM_USER' });
    expect(patch).toEqual({ authentication: 'IAM_USER', credentials: { accessKeyId: '', secretKey: '' } });
    const issues = kafkaSourcePatchSchemaFor(source)
      .safeParse(patch)
      .error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['credentials.accessKeyId', 'Access key ID is required'],
      ['credentials.secretKey', 'Secret key is required'],
    ]);
  });

  it('sends an IAM role, not credentials, for IAM_ROLE', () => {
    const patch = toKafkaConnectionPatch(source, { ...start(), authentication: 'IAM_ROLE', iamRole: ' arn:role/r ' });
    expect(patch).toEqual({ authentication: 'IAM_ROLE', iamRole: 'arn:role/r' });
    expect(kafkaSourcePatchSchemaFor(source).safeParse(patch).success).toBe(true);
  });

  it('sends a CA certificate when added and null when removed', () => {
    expect(toKafkaConnectionPatch(source, { ...start(), caCertificate: `${CERT}\n` })).toEqual({
      caCertificate: CERT.trim(),
    });
    const withCa = { ...source, caCertificate: CERT };
    expect(toKafkaConnectionPatch(withCa, { ...kafkaConnectionFormValues(withCa), caCertificate: '  ' })).toEqual({
      caCertificate: null,
    });
  });

  it('splits endpoint ids on commas, spaces and lines', () => {
    expect(splitIds('a, b\nc  d,,')).toEqual(['a', 'b', 'c', 'd']);
    expect(splitIds('  ')).toEqual([]);
  });
});
