'use client';

import { useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldPath } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';
import { FormDialogFooter, useDialogTitleId } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { Notice } from '@/components/ui/notice';
import { NumberField } from '@/components/ui/number-field';
import { OptionalBooleanField } from '@/components/ui/optional-boolean-field';
import { schemaResolver } from '@/components/ui/schema-resolver';
import { applyApiErrorToForm } from '@/lib/api/form-errors';
import type { PipeNumberBounds, SettingBounds } from '@/lib/schemas/pipes/bounds';
import { formatFieldValue } from './pipe-definition';
import { changedTuning, changedValues, clearedTuning, tuningFormValues, type TuningValues } from './pipe-tuning';
import styles from './pipe-edit-dialogs.module.css';

export type TuningBounds = PipeNumberBounds | SettingBounds;

export interface TuningGroup<K extends string> {
  title?: string;
  keys: readonly K[];
}

export interface PipeTuningFormProps<K extends string> {
  groups: readonly TuningGroup<K>[];
  boundsOf: (key: K) => TuningBounds;
  labelOf: (key: K) => string;
  /** What the field means, below it; none where the label and bounds say it all. */
  descriptionOf?: (key: K) => string | undefined;
  /** The schema the BFF route validates this body with. */
  schema: $ZodType;
  current: Partial<Record<K, unknown>> | null | undefined;
  submitLabel: string;
  pending: boolean;
  intro?: ReactNode;
  /** Sends the changed fields; `fail` puts the error on its fields or at the top, keeping the input. */
  onSave: (body: Partial<Record<K, number | boolean>>, fail: (error: unknown) => void) => void;
  onNothingChanged: () => void;
}

const isBoolean = (bounds: TuningBounds): bounds is Extract<SettingBounds, { type: 'boolean' }> =>
  'type' in bounds && bounds.type === 'boolean';

/** The fields of a scaling or settings dialog, each with its bounds beside it. */
export function PipeTuningForm<K extends string>({
  groups,
  boundsOf,
  labelOf,
  descriptionOf,
  schema,
  current,
  submitLabel,
  pending,
  intro,
  onSave,
  onNothingChanged,
}: PipeTuningFormProps<K>) {
  const titleId = useDialogTitleId();
  const keys = groups.flatMap((group) => group.keys);
  const [formError, setFormError] = useState<string | null>(null);
  const checkChanges = schemaResolver(schema as $ZodType<TuningValues<K>, TuningValues<K>>);
  const form = useForm<TuningValues<K>>({
    resolver: (values, context, options) => checkChanges(changedValues(current, values, keys), context, options),
    mode: 'onTouched',
    defaultValues: tuningFormValues(current, keys) as never,
  });
  const values = useWatch({ control: form.control }) as TuningValues<K>;
  const cleared = clearedTuning(current, values, keys);

  const onSubmit = form.handleSubmit((valid) => {
    setFormError(null);
    const body = changedTuning(current, valid as TuningValues<K>, keys);
    if (!body) return onNothingChanged();
    onSave(body, (error) => setFormError(applyApiErrorToForm(error, form.setError, keys)));
  });

  return (
    <form className={styles.form} aria-labelledby={titleId} noValidate onSubmit={onSubmit}>
      {intro}
      <FormError message={formError} />
      {groups.map((group, index) => {
        const fields = group.keys.map((key) => (
          <TuningField
            key={key}
            name={key}
            control={form.control}
            bounds={boundsOf(key)}
            label={labelOf(key)}
            description={descriptionOf?.(key)}
            columns={group.title !== undefined}
          />
        ));
        return group.title ? (
          <fieldset key={group.title} className={styles.group}>
            <legend className={styles.legend}>{group.title}</legend>
            <div className={styles.fieldGrid}>{fields}</div>
          </fieldset>
        ) : (
          <div key={index} className={styles.group}>
            {fields}
          </div>
        );
      })}
      {cleared.length > 0 && (
        <Notice tone="neutral">
          Empty fields are not sent, so{' '}
          {cleared.map((key) => `${labelOf(key)} keeps ${formatFieldValue(current?.[key])}`).join('; ')}.
        </Notice>
      )}
      <FormDialogFooter submitLabel={submitLabel} pending={pending} />
    </form>
  );
}

interface TuningFieldProps<K extends string> {
  name: K;
  control: Control<TuningValues<K>>;
  bounds: TuningBounds;
  label: string;
  description?: string;
  /** In a two-column grid, where a bounds hint beside the input would wrap. */
  columns: boolean;
}

function TuningField<K extends string>({ name, control, bounds, label, description, columns }: TuningFieldProps<K>) {
  return (
    <Controller
      control={control}
      name={name as unknown as FieldPath<TuningValues<K>>}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        if (isBoolean(bounds)) {
          return (
            <OptionalBooleanField
              className={styles.booleanField}
              ref={field.ref}
              name={name}
              label={label}
              hint={description}
              error={error}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          );
        }
        return (
          <NumberField
            label={label}
            name={field.name}
            ref={field.ref}
            value={typeof field.value === 'number' ? field.value : undefined}
            // null, not undefined: react-hook-form would show the default value again for undefined.
            onChange={(value) => field.onChange(value ?? null)}
            onBlur={field.onBlur}
            min={bounds.min ?? 0}
            max={bounds.max}
            step={bounds.step}
            unit={bounds.unit}
            description={description}
            hintPlacement={columns ? 'below' : 'beside'}
            error={error}
          />
        );
      }}
    />
  );
}
