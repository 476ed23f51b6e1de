/**
 * Which authentication each broker type accepts and what credentials each method needs. Zod-free,
 * so the wizard's fields and display code can use the rules without the schema code.
 */
import { type KafkaAuthMethod, type KafkaType } from './bounds';

/** Authentication methods each broker type accepts (the spec's table), the usual one first. */
export const KAFKA_AUTH_BY_TYPE = {
  kafka: ['PLAIN', 'SCRAM-SHA-256', 'SCRAM-SHA-512', 'MUTUAL_TLS'],
  vendor_2: ['SCRAM-SHA-256', 'SCRAM-SHA-512', 'MUTUAL_TLS'],
  vendor_3: ['SCRAM-SHA-512', 'IAM_ROLE', 'IAM_USER', 'MUTUAL_TLS'],
  vendor_4: ['PLAIN', 'MUTUAL_TLS'],
  vendor_5: ['PLAIN'],
  vendor_6: ['PLAIN'],
  vendor_7: ['SCRAM-SHA-256', 'MUTUAL_TLS'],
} as const satisfies Record<KafkaType, readonly KafkaAuthMethod[]>;

/**
 * The vendor whose PLAIN credentials are one connection string. Inferred from the real type
 * order (generic broker, then vendor_2..vendor_7): the sixth is the connection-string service.
 */
export const KAFKA_CONNECTION_STRING_TYPE = 'vendor_6' satisfies KafkaType;

/** None for a broker type newer than this console (the published contract lists more). */
export const kafkaAuthMethodsFor = (type: KafkaType): readonly KafkaAuthMethod[] =>
  (KAFKA_AUTH_BY_TYPE as Partial<Record<string, readonly KafkaAuthMethod[]>>)[type] ?? [];
/** The method most installations of a broker type use: the first one of its list, which is ordered that way. */
export const usualKafkaAuthMethod = (type: KafkaType): KafkaAuthMethod | undefined => kafkaAuthMethodsFor(type)[0];
export const isKafkaAuthAllowed = (type: KafkaType, method: KafkaAuthMethod) =>
  kafkaAuthMethodsFor(type).includes(method);

export type KafkaCredentialKind = 'usernamePassword' | 'accessKey' | 'connectionString' | 'clientCertificate' | 'none';
/** Which credentials the form asks for; IAM_ROLE sends `iamRole` and no credentials. */
export function kafkaCredentialKindFor(type: KafkaType, method: KafkaAuthMethod): KafkaCredentialKind {
  if (method === 'IAM_ROLE') return 'none';
  if (method === 'IAM_USER') return 'accessKey';
  if (method === 'MUTUAL_TLS') return 'clientCertificate';
  if (method === 'PLAIN' && type === KAFKA_CONNECTION_STRING_TYPE) return 'connectionString';
  return 'usernamePassword';
}

export const KAFKA_TIMESTAMP_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
export function isValidMinuteTimestamp(value: string): boolean {
  const m = KAFKA_TIMESTAMP_PATTERN.exec(value);
  if (!m) return false;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi));
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi
  );
}

/** Every kind of Kafka credential a form can hold; a request sends only the ones its method needs. */
export interface KafkaCredentialValues {
  username: string;
  password: string;
  accessKeyId: string;
  secretKey: string;
  connectionString: string;
  certificate: string;
  privateKey: string;
}
