/**
 * Request bodies of the pipe routes that change an existing pipe. The BFF does not know the pipe's
 * kind without an extra upstream read, so each body is checked as the one kind it names or implies,
 * keeping precise messages and paths; whatever only the pipe's real kind rules out is left to the
 * upstream to refuse.
 */
import { isPlainObject, dispatchSchema } from './common';
import { PIPE_KINDS, type PipeKind } from './bounds';
import { presentSourceKinds } from './source';
import { pipeScalingPatchSchemaFor, pipeSettingsPutSchemaFor, pipeUpdateSchemaFor } from './update';

const given = (value: unknown) => value !== undefined && value !== null && value !== '';
const namesObjectStorageSettings = (settings: unknown) =>
  isPlainObject(settings) && Object.keys(settings).some((key) => key.startsWith('object_storage_'));

const UPDATE_SCHEMAS = Object.fromEntries(PIPE_KINDS.map((kind) => [kind, pipeUpdateSchemaFor(kind)])) as Record<
  PipeKind,
  ReturnType<typeof pipeUpdateSchemaFor>
>;

/**
 * PATCH of a pipe: a `source` change names the kind; without one the body is checked as the kind
 * its settings keys allow (object-storage keys → objectStorage, else kafka, whose settings cover
 * the streaming and Postgres ones).
 */
export const pipeUpdateBodySchema = dispatchSchema(UPDATE_SCHEMAS, (input) => {
  const source = isPlainObject(input) ? input.source : undefined;
  if (source === undefined || source === null) {
    return { kind: isPlainObject(input) && namesObjectStorageSettings(input.settings) ? 'objectStorage' : 'kafka' };
  }
  const kinds = presentSourceKinds(source);
  return kinds.length === 1
    ? { kind: kinds[0] as PipeKind }
    : { message: `Give exactly one source kind: ${PIPE_KINDS.join(', ')}`, path: ['source'] };
});

/** PATCH of a pipe's scaling: `concurrency` means object storage, anything else streaming (the upstream refuses Postgres). */
export const pipeScalingBodySchema = dispatchSchema(
  { kafka: pipeScalingPatchSchemaFor('kafka'), objectStorage: pipeScalingPatchSchemaFor('objectStorage') },
  (input) => ({ kind: isPlainObject(input) && given(input.concurrency) ? 'objectStorage' : 'kafka' }),
);

/** PUT of a pipe's settings: object-storage keys mean object storage, else kafka (covers streaming and Postgres keys). */
export const pipeSettingsBodySchema = dispatchSchema(
  { kafka: pipeSettingsPutSchemaFor('kafka'), objectStorage: pipeSettingsPutSchemaFor('objectStorage') },
  (input) => ({ kind: namesObjectStorageSettings(input) ? 'objectStorage' : 'kafka' }),
);
