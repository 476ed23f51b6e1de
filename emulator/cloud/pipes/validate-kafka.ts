import {
  absent,
  bad,
  checkSecret,
  enumAt,
  iamRoleFor,
  optionalEnum,
  optionalObject,
  optionalPem,
  optionalString,
  requiredString,
  stringArray,
  type SourceOptions,
} from './validate-common';
import type { Rec } from './types';

const PATH = 'source.kafka';

export const KAFKA_TYPES = ['kafka', 'redpanda', 'msk', 'confluent', 'warpstream', 'azureeventhub', 'dokafka'] as const;
export type KafkaType = (typeof KAFKA_TYPES)[number];
export const KAFKA_AUTHENTICATIONS = [
  'PLAIN',
  'SCRAM-SHA-256',
  'SCRAM-SHA-512',
  'IAM_ROLE',
  'IAM_USER',
  'MUTUAL_TLS',
] as const;
export type KafkaAuthentication = (typeof KAFKA_AUTHENTICATIONS)[number];

export const KAFKA_AUTH_BY_TYPE: Record<KafkaType, readonly KafkaAuthentication[]> = {
  kafka: ['PLAIN', 'SCRAM-SHA-256', 'SCRAM-SHA-512', 'MUTUAL_TLS'],
  redpanda: ['SCRAM-SHA-256', 'SCRAM-SHA-512', 'MUTUAL_TLS'],
  msk: ['SCRAM-SHA-512', 'IAM_ROLE', 'IAM_USER', 'MUTUAL_TLS'],
  confluent: ['PLAIN', 'MUTUAL_TLS'],
  warpstream: ['PLAIN'],
  azureeventhub: ['PLAIN'],
  dokafka: ['SCRAM-SHA-256', 'MUTUAL_TLS'],
};

/** The broker variant whose PLAIN credentials are a connection string. */
export const CONNECTION_STRING_KAFKA_TYPE: KafkaType = 'azureeventhub';
export const KAFKA_FORMATS = ['JSONEachRow', 'Avro', 'AvroConfluent'] as const;
export const OFFSET_STRATEGIES = ['from_beginning', 'from_latest', 'from_timestamp'] as const;
/** The only `source.kafka` fields an update may carry; anything else means delete and recreate. */
export const KAFKA_PATCHABLE = [
  'authentication',
  'iamRole',
  'caCertificate',
  'reversePrivateEndpointIds',
  'credentials',
] as const;

const MINUTE_UTC = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** Fields of `credentials` for a type and method; `null` when the method sends no credentials (IAM_ROLE). */
export function kafkaCredentialFields(type: KafkaType, authentication: KafkaAuthentication): readonly string[] | null {
  switch (authentication) {
    case 'IAM_ROLE':
      return null;
    case 'IAM_USER':
      return ['accessKeyId', 'secretKey'];
    case 'MUTUAL_TLS':
      return ['certificate', 'privateKey'];
    default:
      return type === CONNECTION_STRING_KAFKA_TYPE ? ['connectionString'] : ['username', 'password'];
  }
}

function validMinute(value: string): boolean {
  const m = MINUTE_UTC.exec(value);
  if (!m) return false;
  const date = new Date(`${value}:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function parseOffset(value: unknown): Rec | null {
  const offset = optionalObject(value, `${PATH}.offset`);
  if (!offset) return null;
  const strategy = enumAt(offset.strategy, `${PATH}.offset.strategy`, OFFSET_STRATEGIES);
  const timestamp = optionalString(offset.timestamp, `${PATH}.offset.timestamp`);
  if (strategy === 'from_timestamp' && timestamp === null)
    throw bad(`${PATH}.offset.timestamp is required when strategy is from_timestamp`);
  if (timestamp !== null && !validMinute(timestamp)) {
    throw bad(`${PATH}.offset.timestamp must be UTC with minute precision (YYYY-MM-DDTHH:MM)`);
  }
  return { strategy, timestamp };
}

function parseSchemaRegistry(value: unknown, format: string, options: SourceOptions): Rec | null {
  const path = `${PATH}.schemaRegistry`;
  const registry = optionalObject(value, path);
  if (!registry) {
    if (format === 'AvroConfluent') throw bad(`${path} is required when format is AvroConfluent`);
    return null;
  }
  const url = requiredString(registry.url, `${path}.url`);
  let protocol = '';
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw bad(`${path}.url must be a valid URL`);
  }
  if (protocol !== 'https:') throw bad(`${path}.url must use https`);
  const authentication = optionalEnum(registry.authentication, `${path}.authentication`, ['PLAIN'] as const) ?? 'PLAIN';
  const caCertificate = optionalPem(registry.caCertificate, `${path}.caCertificate`);
  checkSecret(
    registry.credentials,
    `${path}.credentials`,
    ['username', 'password'],
    '',
    options.requireRegistrySecrets ?? options.requireSecrets,
  );
  return { url, authentication, caCertificate };
}

/** Validates a Kafka source and returns it without credentials; `consumerGroup` stays null until the id is known. */
export function parseKafkaSource(value: unknown, options: SourceOptions): Rec {
  if (absent(value)) throw bad(`${PATH} is required`);
  const kafka = optionalObject(value, PATH)!;
  const type = enumAt(kafka.type, `${PATH}.type`, KAFKA_TYPES);
  const authentication = enumAt(kafka.authentication, `${PATH}.authentication`, KAFKA_AUTHENTICATIONS);
  if (!KAFKA_AUTH_BY_TYPE[type].includes(authentication)) {
    throw bad(`${PATH}.authentication ${authentication} is not allowed for type ${type}`);
  }
  const brokers = requiredString(kafka.brokers, `${PATH}.brokers`);
  const topics = requiredString(kafka.topics, `${PATH}.topics`);
  const format = enumAt(kafka.format, `${PATH}.format`, KAFKA_FORMATS);
  const consumerGroup = optionalString(kafka.consumerGroup, `${PATH}.consumerGroup`);
  const caCertificate = optionalPem(kafka.caCertificate, `${PATH}.caCertificate`);
  const iamRole = iamRoleFor(kafka.iamRole, `${PATH}.iamRole`, authentication);
  const fields = kafkaCredentialFields(type, authentication);
  if (fields === null) {
    if (!absent(kafka.credentials))
      throw bad(`${PATH}.credentials must not be set for authentication IAM_ROLE; send iamRole instead`);
  } else {
    const rule = ` for authentication ${authentication}${fields[0] === 'connectionString' ? ` with type ${type}` : ''}`;
    checkSecret(kafka.credentials, `${PATH}.credentials`, fields, rule, options.requireSecrets);
  }
  return {
    type,
    authentication,
    brokers,
    topics,
    format,
    consumerGroup,
    caCertificate,
    iamRole: authentication === 'IAM_ROLE' ? iamRole : null,
    offset: parseOffset(kafka.offset),
    reversePrivateEndpointIds: stringArray(kafka.reversePrivateEndpointIds, `${PATH}.reversePrivateEndpointIds`),
    schemaRegistry: parseSchemaRegistry(kafka.schemaRegistry, format, options),
  };
}

/** An update of a Kafka pipe: only the patchable fields, merged onto the stored source, then re-validated. */
export function patchKafkaSource(current: Rec, patch: unknown): Rec {
  const kafkaPatch = optionalObject(patch, PATH) ?? {};
  for (const field of Object.keys(kafkaPatch)) {
    if (!(KAFKA_PATCHABLE as readonly string[]).includes(field)) {
      throw bad(`${PATH}.${field} cannot be changed on a Kafka pipe; delete and recreate the pipe`);
    }
  }
  const merged = { ...current, ...kafkaPatch };
  // A changed method needs that method's credentials; unchanged credentials may stay out of the update.
  const parsed = parseKafkaSource(merged, {
    requireSecrets: kafkaPatch.authentication !== undefined,
    requireRegistrySecrets: false,
  });
  return { ...parsed, consumerGroup: current.consumerGroup };
}
