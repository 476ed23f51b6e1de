import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { PIPE_KINDS, type PipeKind } from './bounds';
import { dispatchSchema } from './common';
import { pickSourceKind } from './source-kind';
import { kafkaSourceSchema } from './kafka';
import { objectStorageSourceSchema } from './object-storage';
import { postgresSourceSchema } from './postgres';
import { streamSourceSchema } from './stream';

const validateSamples = z.optional(z.boolean({ error: 'Validate samples must be true or false' }));

/** The other kinds' keys may be sent as null (the wire allows it); anything else there is a second source. */
const otherKinds = (kind: PipeKind) =>
  Object.fromEntries(
    PIPE_KINDS.filter((k) => k !== kind).map((k) => [k, z.optional(z.null({ error: 'Give exactly one source' }))]),
  ) as Record<Exclude<PipeKind, typeof kind>, z.ZodMiniOptional<z.ZodMiniNull>>;

export const kafkaPostSourceSchema = z.strictObject({
  ...otherKinds('kafka'),
  kafka: kafkaSourceSchema,
  validateSamples,
});
export const streamPostSourceSchema = z.strictObject({
  ...otherKinds('streamService'),
  streamService: streamSourceSchema,
  validateSamples,
});
export const objectStoragePostSourceSchema = z.strictObject({
  ...otherKinds('objectStorage'),
  objectStorage: objectStorageSourceSchema,
  validateSamples,
});
export const postgresPostSourceSchema = z.strictObject({
  ...otherKinds('postgres'),
  postgres: postgresSourceSchema,
  validateSamples,
});

export const POST_SOURCE_SCHEMAS = {
  kafka: kafkaPostSourceSchema,
  streamService: streamPostSourceSchema,
  objectStorage: objectStoragePostSourceSchema,
  postgres: postgresPostSourceSchema,
} as const;

/** The wire shape: exactly one of the four source keys. Typing anchor of `pipeSourceSchema`. */
export const pipeSourceUnionSchema = z.union([
  kafkaPostSourceSchema,
  streamPostSourceSchema,
  objectStoragePostSourceSchema,
  postgresPostSourceSchema,
]);
export type PipeSource = z.infer<typeof pipeSourceUnionSchema>;
export type PipeSourceInput = z.input<typeof pipeSourceUnionSchema>;

export { pickSourceKind, presentSourceKinds, sourceKindOf } from './source-kind';

const dispatched = dispatchSchema<PipeKind, (typeof POST_SOURCE_SCHEMAS)[PipeKind]>(POST_SOURCE_SCHEMAS, (input) => {
  const picked = pickSourceKind(input);
  return 'kind' in picked ? picked : { message: picked.message, path: [] };
});

export const pipeSourceSchema: $ZodType<PipeSource, PipeSourceInput> = dispatched;
