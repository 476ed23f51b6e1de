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
import {
  KAFKA_CONNECTION_STRING_TYPE,
  KAFKA_TIMESTAMP_PATTERN,
  isKafkaAuthAllowed,
  isValidMinuteTimestamp,
  kafkaAuthMethodsFor,
} from './kafka-auth';

export {
  KAFKA_AUTH_BY_TYPE,
  KAFKA_CONNECTION_STRING_TYPE,
  KAFKA_TIMESTAMP_PATTERN,
  isKafkaAuthAllowed,
  isValidMinuteTimestamp,
  kafkaAuthMethodsFor,
  kafkaCredentialKindFor,
  type KafkaCredentialKind,
} from './kafka-auth';

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
      ctx.addIssue({
        code: 'custom',
        path: ['schemaRegistry'],
        message: 'Schema registry is required for the AvroRegistry format',
      });
    }
  }),
);
export type KafkaSource = z.infer<typeof kafkaSourceSchema>;
export type KafkaSourceInput = z.input<typeof kafkaSourceSchema>;
