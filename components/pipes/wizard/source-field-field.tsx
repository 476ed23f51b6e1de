'use client';

/**
 * The source field a destination column reads. With a sample on the destination step, it is picked
 * from the sample's fields (a field the sample lacks can still be typed, under "Other field…");
 * without one, it is typed.
 */
import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { FormText, useFieldError } from './form-fields';
import { useSampleFields } from './sample/sample-context';
import type { WizardValues } from './wizard-values';
import styles from './wizard.module.css';

const OTHER = '\u0000other';

export function SourceFieldField({ index, column }: { index: number; column: string }) {
  const fields = useSampleFields();
  const { control, setFocus } = useFormContext<WizardValues>();
  const name = `fieldMappings.${index}.sourceField` as const;
  const error = useFieldError(name);
  const [typing, setTyping] = useState(false);
  const label = `Source field for ${column}`;

  if (fields.length === 0 || typing) {
    return (
      <div className={styles.sourceField}>
        <FormText name={name} label={label} mono labelHidden />
        {fields.length > 0 && (
          <Button size="sm" variant="ghost" onClick={() => setTyping(false)}>
            Pick from the sample
          </Button>
        )}
      </div>
    );
  }
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const known = fields.some((f) => f.sourceField === field.value);
        const options = [
          { value: '', label: 'Choose a field' },
          ...fields.map((f) => ({ value: f.sourceField, label: `${f.sourceField} · ${f.type}` })),
          ...(field.value && !known ? [{ value: field.value, label: `${field.value} (not in the sample)` }] : []),
          { value: OTHER, label: 'Other field…' },
        ];
        return (
          <SelectField
            ref={field.ref}
            label={label}
            labelHidden
            className={styles.mono}
            options={options}
            value={field.value}
            error={error}
            onBlur={field.onBlur}
            onChange={(event) => {
              if (event.target.value !== OTHER) {
                field.onChange(event.target.value);
                return;
              }
              setTyping(true);
              requestAnimationFrame(() => setFocus(name));
            }}
          />
        );
      }}
    />
  );
}
