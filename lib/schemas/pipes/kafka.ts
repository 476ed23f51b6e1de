import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import {
  KAFKA_AUTH_METHODS,
  KAFKA_TYPES,
  KAFKA_TYPE_LABELS,
  OFFSET_STRATEGIES,
  STREAMING_FORMATS,
  listOr,
  type KafkaAuthMethod,
  type KafkaType,
} from './bounds';
import {
  accessKeySchema,
  optionalPemCertificate,
  optionalText,
  requiredPemCertificate,
  requiredPemPrivateKey,
  requiredText,
  userPasswordSchema,
} from './common';

/** Authentication methods each broker type accepts (the spec's table). */
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

export const kafkaAuthMethodsFor = (type: KafkaType): readonly KafkaAuthMethod[] => KAFKA_AUTH_BY_TYPE[type];
export const isKafkaAuthAllowed = (type: KafkaType, method: KafkaAuthMethod) => kafkaAuthMethodsFor(type).includes(method);

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
    date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d &&
    date.getUTCHours() === h && date.getUTCMinutes() === mi
  );
}

const typeMessage = `Type must be ${listOr(KAFKA_TYPES)}`;
const kafkaTypeSchema = z.enum(KAFKA_TYPES, { error: typeMessage });

export const kafkaOffsetSchema = z.discriminatedUnion(
  'strategy',
  [
    z.object({ strategy: z.literal('from_beginning') }),
    z.object({ strategy: z.literal('from_latest') }),
    z.object({
      strategy: z.literal('from_timestamp'),
      timestamp: requiredText('Timestamp').check(
        z.regex(KAFKA_TIMESTAMP_PATTERN, { error: 'Timestamp must be in the form YYYY-MM-DDTHH:MM (UTC)' }),
        z.refine(isValidMinuteTimestamp, { error: 'Timestamp must be a real date and time' }),
      ),
    }),
  ],
  { error: `Offset strategy must be ${listOr(OFFSET_STRATEGIES)}` },
);

export const schemaRegistrySchema = z.object(
  {
    authentication: z.literal('PLAIN', { error: 'Schema registry authentication must be PLAIN' }),
    url: requiredText('Schema registry URL').check(
      z.refine((v) => /^https:\/\/[^\s/]+/i.test(v) && URL.canParse(v), {
        error: 'Schema registry URL must be an https:// address',
      }),
    ),
    caCertificate: optionalPemCertificate('Schema registry CA certificate'),
    credentials: userPasswordSchema,
  },
  { error: 'Schema registry is required' },
);

const kafkaBaseShape = {
  type: kafkaTypeSchema,
  brokers: requiredText('Brokers', 'Brokers are required'),
  topics: requiredText('Topics', 'Topics are required'),
  format: z.enum(STREAMING_FORMATS, { error: `Format must be ${listOr(STREAMING_FORMATS)}` }),
  consumerGroup: optionalText(),
  caCertificate: optionalPemCertificate('CA certificate'),
  offset: z.nullish(kafkaOffsetSchema),
  reversePrivateEndpointIds: z.optional(z.array(requiredText('Reverse private endpoint id'))),
  schemaRegistry: z.nullish(schemaRegistrySchema),
};

export const kafkaConnectionStringCredentialsSchema = z.object(
  { connectionString: requiredText('Connection string') },
  { error: 'Connection string is required' },
);
export const kafkaClientCertificateSchema = z.object(
  { certificate: requiredPemCertificate('Client certificate'), privateKey: requiredPemPrivateKey('Client key') },
  { error: 'Client certificate and key are required' },
);

const plainTypes = KAFKA_TYPES.filter((t) => t !== KAFKA_CONNECTION_STRING_TYPE) as [KafkaType, ...KafkaType[]];
const withMethod = <M extends KafkaAuthMethod, C extends $ZodType>(method: M, credentials: C) =>
  z.object({ ...kafkaBaseShape, authentication: z.literal(method), credentials });

const kafkaVariants = z.discriminatedUnion(
  'authentication',
  [
    z.discriminatedUnion(
      'type',
      [
        z.object({
          ...kafkaBaseShape,
          type: z.literal(KAFKA_CONNECTION_STRING_TYPE),
          authentication: z.literal('PLAIN'),
          credentials: kafkaConnectionStringCredentialsSchema,
        }),
        z.object({
          ...kafkaBaseShape,
          type: z.enum(plainTypes),
          authentication: z.literal('PLAIN'),
          credentials: userPasswordSchema,
        }),
      ],
      { error: typeMessage },
    ),
    withMethod('SCRAM-SHA-256', userPasswordSchema),
    withMethod('SCRAM-SHA-512', userPasswordSchema),
    withMethod('IAM_USER', accessKeySchema),
    withMethod('MUTUAL_TLS', kafkaClientCertificateSchema),
    z.object({
      ...kafkaBaseShape,
      authentication: z.literal('IAM_ROLE'),
      iamRole: requiredText('IAM role'),
      credentials: z.optional(z.null({ error: 'IAM role authentication sends no credentials; remove them' })),
    }),
  ],
  { error: `Authentication must be ${listOr(KAFKA_AUTH_METHODS)}` },
);

export const kafkaSourceSchema = kafkaVariants.check(
  z.superRefine((source, ctx) => {
    if (!isKafkaAuthAllowed(source.type, source.authentication)) {
      ctx.addIssue({
        code: 'custom',
        path: ['authentication'],
        message: `${KAFKA_TYPE_LABELS[source.type]} does not support ${source.authentication} authentication; choose ${listOr(kafkaAuthMethodsFor(source.type))}`,
      });
    }
    if (source.format === 'AvroRegistry' && !source.schemaRegistry) {
      ctx.addIssue({ code: 'custom', path: ['schemaRegistry'], message: 'Schema registry is required for the AvroRegistry format' });
    }
  }),
);
export type KafkaSource = z.infer<typeof kafkaSourceSchema>;
export type KafkaSourceInput = z.input<typeof kafkaSourceSchema>;
