import * as z from 'zod/mini';
import type { $RefinementCtx, $ZodType } from 'zod/v4/core';
import {
  PIPE_NAME_MAX_LENGTH,
  SCALING_BOUNDS,
  SCALING_KEYS,
  SETTINGS_BOUNDS,
  SETTING_KEYS,
  appliesTo,
  listOr,
  type PipeKind,
  type ScalingKey,
  type SettingKey,
} from './bounds';
import { dispatchSchema, isPlainObject, notApplicable, optionalBoolean, optionalNumber, requiredText } from './common';
import { postgresDestinationSchema, tableDestinationSchema } from './destination';
import {
  kafkaPostSourceSchema,
  objectStoragePostSourceSchema,
  pickSourceKind,
  postgresPostSourceSchema,
  streamPostSourceSchema,
} from './source';

export const pipeNameSchema = requiredText('Name').check(
  z.maxLength(PIPE_NAME_MAX_LENGTH, { error: `Name must be at most ${PIPE_NAME_MAX_LENGTH} characters` }),
);

export const fieldMappingSchema = z.object({
  sourceField: requiredText('Source field'),
  destinationField: requiredText('Destination field'),
});
export type FieldMapping = z.infer<typeof fieldMappingSchema>;
export const fieldMappingsSchema = z.array(fieldMappingSchema, { error: 'Field mappings must be a list' });

const KIND_NOUNS: Record<PipeKind, string> = {
  kafka: 'Kafka',
  streamService: 'Amazon Kinesis',
  objectStorage: 'object storage',
  postgres: 'Postgres',
};
const onlyFor = (label: string, kinds: readonly PipeKind[]) =>
  `${label} applies only to ${listOr(kinds.map((k) => KIND_NOUNS[k]))} pipes`;

type NumberField = ReturnType<typeof optionalNumber> | ReturnType<typeof notApplicable>;
type SettingField = NumberField | ReturnType<typeof optionalBoolean>;

/** Scaling of one pipe kind: bounded fields that apply, refusals for those that do not. */
export function scalingSchemaFor(kind: PipeKind) {
  const shape = Object.fromEntries(
    SCALING_KEYS.map((key) => {
      const bounds = SCALING_BOUNDS[key];
      return [
        key,
        appliesTo(bounds, kind) ? optionalNumber(bounds) : notApplicable(onlyFor(bounds.label, bounds.appliesTo)),
      ];
    }),
  ) as Record<ScalingKey, NumberField>;
  return z.object(shape);
}

export function settingsSchemaFor(kind: PipeKind) {
  const shape = Object.fromEntries(
    SETTING_KEYS.map((key) => {
      const bounds = SETTINGS_BOUNDS[key];
      if (!appliesTo(bounds, kind)) return [key, notApplicable(onlyFor(bounds.label, bounds.appliesTo))];
      return [key, bounds.type === 'boolean' ? optionalBoolean(bounds.label) : optionalNumber(bounds)];
    }),
  ) as Record<SettingKey, SettingField>;
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `Unknown setting: ${issue.keys.join(', ')}` : 'Settings must be an object',
  });
}
export type PipeSettings = Partial<Record<SettingKey, number | boolean | null>>;
export type PipeScaling = Partial<Record<ScalingKey, number | null>>;

/** Every destination column must be mapped, and every mapping must name a destination column. */
export function checkFieldMappings(
  columns: readonly { name: string }[] | undefined,
  mappings: readonly { destinationField: string }[] | undefined,
  ctx: $RefinementCtx,
) {
  if (!columns) return;
  const mapped = new Set((mappings ?? []).map((m) => m.destinationField));
  const missing = columns.map((c) => c.name).filter((name) => !mapped.has(name));
  if (missing.length > 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['fieldMappings'],
      message: `Map every destination column; missing: ${missing.join(', ')}`,
    });
  }
  const names = new Set(columns.map((c) => c.name));
  mappings?.forEach((m, i) => {
    if (!names.has(m.destinationField)) {
      ctx.addIssue({
        code: 'custom',
        path: ['fieldMappings', i, 'destinationField'],
        message: `${m.destinationField} is not a destination column`,
      });
    }
  });
}
const checkMappings = (
  body: { destination: { columns?: { name: string }[] }; fieldMappings?: { destinationField: string }[] },
  ctx: $RefinementCtx,
) => checkFieldMappings(body.destination.columns, body.fieldMappings, ctx);

const tablePipe = <S extends $ZodType>(kind: PipeKind, source: S) =>
  z
    .object({
      name: pipeNameSchema,
      source,
      destination: tableDestinationSchema,
      fieldMappings: z.optional(fieldMappingsSchema),
      scaling: z.optional(scalingSchemaFor(kind)),
      settings: z.optional(settingsSchemaFor(kind)),
    })
    .check(z.superRefine(checkMappings));

export const kafkaPipeCreateSchema = tablePipe('kafka', kafkaPostSourceSchema);
export const streamPipeCreateSchema = tablePipe('streamService', streamPostSourceSchema);
export const objectStoragePipeCreateSchema = tablePipe('objectStorage', objectStoragePostSourceSchema);
export const postgresPipeCreateSchema = z
  .object({
    name: pipeNameSchema,
    source: postgresPostSourceSchema,
    destination: postgresDestinationSchema,
    fieldMappings: z.optional(fieldMappingsSchema),
    scaling: z.optional(scalingSchemaFor('postgres')),
    settings: z.optional(settingsSchemaFor('postgres')),
  })
  .check(z.superRefine(checkMappings));

export const PIPE_CREATE_SCHEMAS = {
  kafka: kafkaPipeCreateSchema,
  streamService: streamPipeCreateSchema,
  objectStorage: objectStoragePipeCreateSchema,
  postgres: postgresPipeCreateSchema,
} as const;

/** Endpoint 1 body; checked by the schema of the one source kind given. */
export const pipeCreateSchema = dispatchSchema<PipeKind, (typeof PIPE_CREATE_SCHEMAS)[PipeKind]>(
  PIPE_CREATE_SCHEMAS,
  (input) => {
    const source = isPlainObject(input) ? input.source : undefined;
    const picked = pickSourceKind(source);
    if ('kind' in picked) return picked;
    if (!isPlainObject(input)) return { message: 'Pipe details are required', path: [] };
    return { message: picked.message, path: ['source'] };
  },
);
export type PipeCreateRequest = z.infer<typeof pipeCreateSchema>;
export type PipeCreateInput = z.input<typeof pipeCreateSchema>;

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';
const compactMap = (map: unknown) =>
  isPlainObject(map) ? Object.fromEntries(Object.entries(map).filter(([, v]) => !isEmpty(v))) : map;

/**
 * The body as it must be sent: empty optional scaling and settings fields are omitted (the
 * upstream refuses null and empty strings there); a map left empty is omitted as a whole.
 */
export function compactPipeRequest<T extends { scaling?: unknown; settings?: unknown }>(body: T): T {
  const out: Record<string, unknown> = { ...body };
  for (const key of ['scaling', 'settings'] as const) {
    const compacted = compactMap(body[key]);
    if (isEmpty(compacted) || (isPlainObject(compacted) && Object.keys(compacted).length === 0)) delete out[key];
    else out[key] = compacted;
  }
  return out as T;
}
