import { describe, expect, it } from 'vitest';
import {
  AUTH_METHOD_LABELS,
  KAFKA_AUTH_METHODS,
  KAFKA_TYPES,
  KAFKA_TYPE_LABELS,
  OFFSET_STRATEGIES,
  STREAMING_FORMATS,
} from './bounds';
import { KAFKA_AUTH_BY_TYPE, isValidMinuteTimestamp, kafkaCredentialKindFor } from './kafka';
import { CERT, KEY, bodies, expectIssue, expectValid } from './test-fixtures';

const credentialsFor = {
  usernamePassword: { credentials: { username: 'u', password: 'p' } },
  accessKey: { credentials: { accessKeyId: 'AKIA', secretKey: 's' } },
  connectionString: { credentials: { connectionString: 'Endpoint=sb://x/;Key=y' } },
  clientCertificate: { credentials: { certificate: CERT, privateKey: KEY } },
  none: { iamRole: 'arn:role/ingest', credentials: undefined },
} as const;

const pairs = KAFKA_TYPES.flatMap((type) => KAFKA_AUTH_METHODS.map((method) => [type, method] as const));
const withAuth = (type: (typeof KAFKA_TYPES)[number], authentication: (typeof KAFKA_AUTH_METHODS)[number], over = {}) =>
  bodies.kafka({ type, authentication, ...credentialsFor[kafkaCredentialKindFor(type, authentication)], ...over });

describe('Kafka authentication per type', () => {
  it('matches the spec table and has a label for every type and method', () => {
    expect(KAFKA_AUTH_BY_TYPE.vendor_3).toEqual(['SCRAM-SHA-512', 'IAM_ROLE', 'IAM_USER', 'MUTUAL_TLS']);
    expect(KAFKA_TYPE_LABELS.kafka).toBe('Apache Kafka');
    expect(KAFKA_TYPE_LABELS.vendor_4).toBe('Confluent Cloud');
    for (const method of KAFKA_AUTH_METHODS) expect(AUTH_METHOD_LABELS[method]).toBeTruthy();
  });

  it.each(pairs.filter(([t, m]) => (KAFKA_AUTH_BY_TYPE[t] as readonly string[]).includes(m)))(
    'accepts %s with %s',
    (type, method) => {
      expectValid(withAuth(type, method));
    },
  );

  it.each(pairs.filter(([t, m]) => !(KAFKA_AUTH_BY_TYPE[t] as readonly string[]).includes(m)))(
    'refuses %s with %s',
    (type, method) => {
      const allowed = KAFKA_AUTH_BY_TYPE[type];
      const choose = allowed.length === 1 ? allowed[0] : `${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}`;
      expectIssue(
        withAuth(type, method),
        'source.kafka.authentication',
        `${KAFKA_TYPE_LABELS[type]} does not support ${method} authentication; choose ${choose}`,
      );
    },
  );

  it('asks for the right credentials per method', () => {
    expect(kafkaCredentialKindFor('kafka', 'PLAIN')).toBe('usernamePassword');
    expect(kafkaCredentialKindFor('vendor_6', 'PLAIN')).toBe('connectionString');
    expect(kafkaCredentialKindFor('vendor_3', 'IAM_ROLE')).toBe('none');
  });
});

describe('Kafka source fields', () => {
  it('accepts every format, offset strategy, optional fields and a schema registry', () => {
    const registry = {
      authentication: 'PLAIN',
      url: 'https://registry.example',
      credentials: { username: 'u', password: 'p' },
    };
    for (const format of STREAMING_FORMATS) expectValid(bodies.kafka({ format, schemaRegistry: registry }));
    for (const strategy of OFFSET_STRATEGIES)
      expectValid(bodies.kafka({ offset: { strategy, timestamp: '2024-02-29T23:59' } }));
    expectValid(
      bodies.kafka({ caCertificate: `${CERT}\n${CERT}\n`, consumerGroup: 'g', reversePrivateEndpointIds: ['rpe-1'] }),
    );
    expectValid(bodies.kafka({ caCertificate: '', offset: null, schemaRegistry: null, consumerGroup: null }));
    expectValid(bodies.kafka({ format: 'AvroRegistry', schemaRegistry: { ...registry, caCertificate: CERT } }));
  });

  const registry = {
    authentication: 'PLAIN',
    url: 'https://registry.example',
    credentials: { username: 'u', password: 'p' },
  };
  it.each([
    [
      { type: 'other' },
      'source.kafka.type',
      'Type must be kafka, vendor_2, vendor_3, vendor_4, vendor_5, vendor_6 or vendor_7',
    ],
    [
      { authentication: 'OAUTH' },
      'source.kafka.authentication',
      'Authentication must be PLAIN, SCRAM-SHA-256, SCRAM-SHA-512, IAM_ROLE, IAM_USER or MUTUAL_TLS',
    ],
    [{ brokers: '' }, 'source.kafka.brokers', 'Brokers are required'],
    [{ brokers: undefined }, 'source.kafka.brokers', 'Brokers are required'],
    [{ topics: '  ' }, 'source.kafka.topics', 'Topics are required'],
    [{ format: 'CSV' }, 'source.kafka.format', 'Format must be JSONEachRow, Avro or AvroRegistry'],
    [{ credentials: undefined }, 'source.kafka.credentials', 'Username and password are required'],
    [{ credentials: { username: 'u' } }, 'source.kafka.credentials.password', 'Password is required'],
    [{ credentials: { password: 'p' } }, 'source.kafka.credentials.username', 'Username is required'],
    [
      { type: 'vendor_6', credentials: { username: 'u', password: 'p' } },
      'source.kafka.credentials.connectionString',
      'Connection string is required',
    ],
    [
      { type: 'vendor_3', authentication: 'IAM_USER', credentials: { accessKeyId: 'A' } },
      'source.kafka.credentials.secretKey',
      'Secret key is required',
    ],
    [
      { type: 'vendor_3', authentication: 'IAM_USER', credentials: { secretKey: 's' } },
      'source.kafka.credentials.accessKeyId',
      'Access key ID is required',
    ],
    [
      { type: 'vendor_3', authentication: 'IAM_ROLE', credentials: undefined },
      'source.kafka.iamRole',
      'IAM role is required',
    ],
    [
      { type: 'vendor_3', authentication: 'IAM_ROLE', iamRole: 'r' },
      'source.kafka.credentials',
      'IAM role authentication sends no credentials; remove them',
    ],
    [
      { authentication: 'MUTUAL_TLS', credentials: { certificate: 'abc', privateKey: KEY } },
      'source.kafka.credentials.certificate',
      'Client certificate must be PEM text from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----',
    ],
    [
      { authentication: 'MUTUAL_TLS', credentials: { certificate: CERT, privateKey: CERT } },
      'source.kafka.credentials.privateKey',
      'Client key must be PEM text from -----BEGIN PRIVATE KEY----- to -----END PRIVATE KEY-----',
    ],
    [
      { authentication: 'MUTUAL_TLS', credentials: { certificate: CERT } },
      'source.kafka.credentials.privateKey',
      'Client key is required',
    ],
    [
      { caCertificate: 'MIIB...' },
      'source.kafka.caCertificate',
      'CA certificate must be PEM text from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----',
    ],
    [
      { caCertificate: '-----BEGIN CERTIFICATE-----\nabc' },
      'source.kafka.caCertificate',
      'CA certificate must be PEM text from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----',
    ],
    [
      { offset: { strategy: 'from_end' } },
      'source.kafka.offset.strategy',
      'Offset strategy must be from_beginning, from_latest or from_timestamp',
    ],
    [{ offset: { strategy: 'from_timestamp' } }, 'source.kafka.offset.timestamp', 'Timestamp is required'],
    [
      { offset: { strategy: 'from_timestamp', timestamp: '2024-01-01 10:00' } },
      'source.kafka.offset.timestamp',
      'Timestamp must be in the form YYYY-MM-DDTHH:MM (UTC)',
    ],
    [
      { offset: { strategy: 'from_timestamp', timestamp: '2024-01-01T10:00:00' } },
      'source.kafka.offset.timestamp',
      'Timestamp must be in the form YYYY-MM-DDTHH:MM (UTC)',
    ],
    [
      { offset: { strategy: 'from_timestamp', timestamp: '2023-02-29T10:00' } },
      'source.kafka.offset.timestamp',
      'Timestamp must be a real date and time',
    ],
    [
      { offset: { strategy: 'from_timestamp', timestamp: '2024-01-01T24:00' } },
      'source.kafka.offset.timestamp',
      'Timestamp must be a real date and time',
    ],
    [
      { format: 'AvroRegistry' },
      'source.kafka.schemaRegistry',
      'Schema registry is required for the AvroRegistry format',
    ],
    [
      { schemaRegistry: { ...registry, url: 'http://registry.example' } },
      'source.kafka.schemaRegistry.url',
      'Schema registry URL must be an https:// address',
    ],
    [
      { schemaRegistry: { ...registry, url: '' } },
      'source.kafka.schemaRegistry.url',
      'Schema registry URL is required',
    ],
    [
      { schemaRegistry: { ...registry, authentication: 'SCRAM-SHA-256' } },
      'source.kafka.schemaRegistry.authentication',
      'Schema registry authentication must be PLAIN',
    ],
    [
      { schemaRegistry: { ...registry, credentials: { username: 'u' } } },
      'source.kafka.schemaRegistry.credentials.password',
      'Password is required',
    ],
    [
      { schemaRegistry: { ...registry, caCertificate: 'x' } },
      'source.kafka.schemaRegistry.caCertificate',
      'Schema registry CA certificate must be PEM text from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----',
    ],
  ])('refuses %j', (over, path, message) => {
    expectIssue(bodies.kafka(over), path, message);
  });

  it('checks minute timestamps as real UTC dates', () => {
    expect(isValidMinuteTimestamp('2024-02-29T00:00')).toBe(true);
    expect(isValidMinuteTimestamp('2024-13-01T00:00')).toBe(false);
    expect(isValidMinuteTimestamp('2024-01-01T10:60')).toBe(false);
  });
});
