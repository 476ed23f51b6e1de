'use client';

/**
 * A select and a textarea laid out like TextField, for the Kafka connection dialog. react-hook-form's
 * `register` spreads into them.
 */
import { useId, type ChangeEventHandler, type FocusEventHandler, type ReactNode, type Ref } from 'react';
import fieldStyles from '@/components/ui/field.module.css';
import { describedBy } from '@/components/ui/text-field';
import styles from './pipe-edit-dialogs.module.css';

interface ControlProps<E> {
  label: string;
  hint?: ReactNode;
  error?: string;
  name: string;
  onChange: ChangeEventHandler<E>;
  onBlur: FocusEventHandler<E>;
  ref: Ref<E>;
}

export function SelectField({ label, hint, error, options, ...rest }: ControlProps<HTMLSelectElement> & { options: { value: string; label: string }[] }) {
  const id = useId();
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className={fieldStyles.hint}>
          {hint}
        </p>
      )}
      <select
        id={id}
        className={`${fieldStyles.input} ${styles.wideSelect}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined)}
        {...rest}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className={fieldStyles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

export function TextareaField({ label, hint, error, rows = 4, ...rest }: ControlProps<HTMLTextAreaElement> & { rows?: number }) {
  const id = useId();
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className={fieldStyles.hint}>
          {hint}
        </p>
      )}
      <textarea
        id={id}
        rows={rows}
        spellCheck={false}
        className={`${fieldStyles.input} ${fieldStyles.mono} ${styles.textarea}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined)}
        {...rest}
      />
      {error && (
        <p id={`${id}-error`} className={fieldStyles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
