import type { FieldErrors, Resolver } from 'react-hook-form';
import { schemaResolver } from '@/components/ui/schema-resolver';
import { safeParse, type $ZodType } from 'zod/v4/core';
import { pipeCreateSchema, pipeNameSchema, type PipeCreateRequest } from '@/lib/schemas/pipes/create';
import { toRequestInput } from './wizard-request';
import type { WizardValues } from './wizard-values';

// The route handler's own schema, applied to the request these values make; paths are the same
// in both, so every issue lands on the field that shows it.
const requestResolver = schemaResolver(pipeCreateSchema as $ZodType<PipeCreateRequest, Record<string, unknown>>);

/** The editable tables of the wizard, kept as react-hook-form field arrays. */
const FIELD_ARRAYS: ReadonlySet<string> = new Set(['destination.columns', 'source.postgres.tableMappings']);

export const wizardResolver: Resolver<WizardValues, unknown, PipeCreateRequest> = async (values, context, options) => {
  // Adding or removing a row makes the field array validate itself; a row just added would then
  // show "required" on every empty field before anyone typed. Rows are checked by Next instead.
  if (options.names?.length === 1 && FIELD_ARRAYS.has(options.names[0] ?? '')) return { values: {}, errors: {} };
  const result = await requestResolver(toRequestInput(values), context, options as never);
  if (values.kind) return result as Awaited<ReturnType<Resolver<WizardValues, unknown, PipeCreateRequest>>>;
  // Without a kind the request schema stops at the source; the name is still checked on its own.
  const errors: FieldErrors<WizardValues> = { kind: { type: 'required', message: 'Choose a source kind' } };
  const name = safeParse(pipeNameSchema, values.name);
  if (!name.success) errors.name = { type: 'invalid', message: name.error.issues[0]?.message ?? 'Name is required' };
  return { values: {}, errors };
};
