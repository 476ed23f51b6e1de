import * as z from 'zod/mini';
import {
  KAFKA_TYPE_LABELS,
  PIPE_COMMANDS,
  kafkaEditableFields,
  listOr,
  type KafkaAuthMethod,
  type KafkaType,
  type PipeKind,
  type PipeState,
} from './bounds';
import { accessKeySchema, optionalPemCertificate, optionalText, requiredText, userPasswordSchema } from './common';
import { checkFieldMappings, fieldMappingsSchema, pipeNameSchema, scalingSchemaFor, settingsSchemaFor } from './create';
import { destinationColumnsSchema } from './destination';
import {
  KAFKA_AUTH_BY_TYPE,
  isKafkaAuthAllowed,
  kafkaClientCertificateSchema,
  kafkaConnectionStringCredentialsSchema,
  kafkaCredentialKindFor,
} from './kafka';

export { kafkaEditableFields, type KafkaEditableField } from './bounds';

const CREDENTIALS = {
  usernamePassword: userPasswordSchema,
  accessKey: accessKeySchema,
  connectionString: kafkaConnectionStringCredentialsSchema,
  clientCertificate: kafkaClientCertificateSchema,
} as const;

/** Kafka source PATCH; `current` is the pipe's type and method, which decide the credentials' shape. */
export function kafkaSourcePatchSchemaFor(current: { type: KafkaType; authentication: KafkaAuthMethod }) {
  const methods = KAFKA_AUTH_BY_TYPE[current.type];
  return z
    .strictObject(
      {
        authentication: z.optional(
          z.enum(methods, {
            error: `${KAFKA_TYPE_LABELS[current.type]} supports ${listOr(methods)} authentication`,
          }),
        ),
        iamRole: optionalText(),
        caCertificate: optionalPemCertificate('CA certificate'),
        reversePrivateEndpointIds: z.optional(z.array(requiredText('Reverse private endpoint id'))),
        credentials: z.nullish(z.record(z.string(), z.unknown())),
      },
      {
        error: (issue) =>
          issue.code === 'unrecognized_keys'
            ? `${issue.keys.join(', ')} cannot change on a Kafka pipe; only ${listOr(kafkaEditableFields)} can (delete and recreate the pipe instead)`
            : 'Kafka changes must be an object',
      },
    )
    .check(
      z.superRefine((patch, ctx) => {
        const method = patch.authentication ?? current.authentication;
        if (!isKafkaAuthAllowed(current.type, method)) return;
        const kind = kafkaCredentialKindFor(current.type, method);
        if (kind === 'none') {
          if (patch.authentication && !patch.iamRole)
            ctx.addIssue({ code: 'custom', path: ['iamRole'], message: 'IAM role is required' });
          if (patch.credentials)
            ctx.addIssue({
              code: 'custom',
              path: ['credentials'],
              message: 'IAM role authentication sends no credentials; remove them',
            });
          return;
        }
        // A new method needs its own credentials; the old ones do not carry over.
        if (!patch.credentials && !patch.authentication) return;
        const result = CREDENTIALS[kind].safeParse(patch.credentials);
        result.error?.issues.forEach((issue) =>
          ctx.addIssue({ code: 'custom', path: ['credentials', ...issue.path], message: issue.message }),
        );
      }),
    );
}

/**
 * PATCH body of a pipe. Other kinds' source changes are passed through as given: the spec does
 * not list which of their fields may change, and the upstream answers 400 for those that cannot.
 */
export function pipeUpdateSchemaFor(kind: PipeKind, kafka?: { type: KafkaType; authentication: KafkaAuthMethod }) {
  const sourcePatch =
    kind === 'kafka' && kafka
      ? z.strictObject({ kafka: kafkaSourcePatchSchemaFor(kafka) })
      : z.strictObject({ [kind]: z.record(z.string(), z.unknown()) });
  return z
    .object({
      name: z.optional(pipeNameSchema),
      source: z.optional(sourcePatch),
      destination: z.optional(z.object({ columns: destinationColumnsSchema })),
      fieldMappings: z.optional(fieldMappingsSchema),
      settings: z.optional(settingsSchemaFor(kind)),
    })
    .check(
      z.superRefine((body, ctx) => {
        if (Object.values(body).every((v) => v === undefined))
          ctx.addIssue({ code: 'custom', path: [], message: 'Nothing to update' });
        if (body.destination) checkFieldMappings(body.destination.columns, body.fieldMappings, ctx);
      }),
    );
}

const hasAny = (body: Record<string, unknown>) =>
  Object.values(body).some((v) => v !== undefined && v !== null && v !== '');

/** PATCH of a pipe's scaling: streaming and object-store pipes only. */
export const pipeScalingPatchSchemaFor = (kind: Exclude<PipeKind, 'postgres'>) =>
  scalingSchemaFor(kind).check(z.refine(hasAny, { error: 'Nothing to update' }));

/** PUT of a pipe's settings map (the upstream merges it into the current settings). */
export const pipeSettingsPutSchemaFor = (kind: PipeKind) => settingsSchemaFor(kind);

export const pipeStateCommandSchema = z.object({
  command: z.enum(PIPE_COMMANDS, { error: `Command must be ${listOr(PIPE_COMMANDS)}` }),
});
export type PipeStateCommand = z.infer<typeof pipeStateCommandSchema>;

export const pipeStateCommandSchemaFor = (kind: PipeKind) =>
  pipeStateCommandSchema.check(
    z.refine((body) => body.command !== 'resync' || kind === 'postgres', {
      error: 'Resync applies only to Postgres pipes',
      path: ['command'],
    }),
  );

/** `stop` from any state, `start` only from Stopped or Failed, `resync` only on Postgres pipes. */
export function canRunPipeCommand(kind: PipeKind, state: PipeState, command: PipeStateCommand['command']): boolean {
  if (command === 'stop') return true;
  if (command === 'start') return state === 'Stopped' || state === 'Failed';
  return kind === 'postgres';
}
