'use client';

import { useId } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { FieldError } from '@/components/ui/field-error';
import { useFieldError, type WizardPath } from './form-fields';
import type { WizardValues } from './wizard-values';
import styles from './wizard.module.css';

/**
 * Chooses some of the destination columns, kept in the order they were chosen (a sorting key's
 * order matters). Columns that no longer exist drop out of the value.
 */
export function ColumnPicker({
  name,
  legend,
  hint,
  columns,
}: {
  name: WizardPath;
  legend: string;
  hint?: string;
  columns: string[];
}) {
  const { control } = useFormContext<WizardValues>();
  const error = useFieldError(name);
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const chosen = (Array.isArray(field.value) ? (field.value as string[]) : []).filter((c) => columns.includes(c));
        const toggle = (column: string, on: boolean) =>
          field.onChange(on ? [...chosen.filter((c) => c !== column), column] : chosen.filter((c) => c !== column));
        return (
          <fieldset
            className={styles.picker}
            aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          >
            <legend className={styles.pickerLegend}>{legend}</legend>
            {hint && (
              <p id={`${id}-hint`} className={styles.groupHint}>
                {hint}
              </p>
            )}
            {columns.length === 0 ? (
              <p className={styles.groupHint}>Name the columns first.</p>
            ) : (
              <div className={styles.chips}>
                {columns.map((column) => {
                  const position = chosen.indexOf(column);
                  return (
                    <label key={column} className={styles.chip} data-checked={position >= 0 || undefined}>
                      <input
                        type="checkbox"
                        checked={position >= 0}
                        onChange={(event) => toggle(column, event.target.checked)}
                        onBlur={field.onBlur}
                      />
                      <span className={styles.mono}>{column}</span>
                      {position >= 0 && chosen.length > 1 && <span className={styles.chipOrder}>{position + 1}</span>}
                    </label>
                  );
                })}
              </div>
            )}
            <FieldError id={`${id}-error`} message={error} />
          </fieldset>
        );
      }}
    />
  );
}
