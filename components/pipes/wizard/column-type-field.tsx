'use client';

/**
 * A destination column's type, picked rather than typed: a base type of the destination database
 * and a wrapper (Nullable, LowCardinality, Array). A type the lists do not hold (an inferred
 * `Map(String, Int64)`, say) is offered as it is, so nothing is lost by opening the picker.
 */
import { Controller, useFormContext } from 'react-hook-form';
import { SelectField } from '@/components/ui/select-field';
import { BASE_COLUMN_TYPES, COLUMN_WRAPPER_LABELS, COLUMN_WRAPPERS, splitType, wrapType, type ColumnWrapper } from '@/lib/pipes/column-types';
import { useFieldError } from './form-fields';
import type { WizardValues } from './wizard-values';
import styles from './wizard.module.css';

const WRAPPER_OPTIONS = COLUMN_WRAPPERS.map((wrapper) => ({ value: wrapper, label: COLUMN_WRAPPER_LABELS[wrapper] }));

export function ColumnTypeField({ index }: { index: number }) {
  const { control } = useFormContext<WizardValues>();
  const name = `destination.columns.${index}.type` as const;
  const error = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const { wrapper, base } = splitType(field.value);
        const bases: readonly string[] = BASE_COLUMN_TYPES;
        const baseOptions = (bases.includes(base) ? bases : [base, ...bases]).map((type) => ({ value: type, label: type }));
        return (
          <div className={styles.typePair}>
            <SelectField
              ref={field.ref}
              label={`Column ${index + 1} type`}
              options={baseOptions}
              value={base}
              error={error}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(wrapType(event.target.value, wrapper))}
            />
            <SelectField
              label={`Column ${index + 1} wrapper`}
              options={WRAPPER_OPTIONS}
              value={wrapper}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(wrapType(base, event.target.value as ColumnWrapper))}
            />
          </div>
        );
      }}
    />
  );
}
