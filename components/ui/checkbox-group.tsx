import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { describedBy } from './text-field';
import styles from './field.module.css';

export interface CheckboxOption<V extends string> {
  value: V;
  label: string;
  description?: string;
}

export interface CheckboxGroupProps<V extends string> {
  legend: ReactNode;
  options: ReadonlyArray<CheckboxOption<V>>;
  /** One registration shared by every box, so react-hook-form collects the checked values in an array. */
  registration: UseFormRegisterReturn;
  hint?: ReactNode;
  error?: string;
  disabled?: boolean;
}

export function CheckboxGroup<V extends string>({
  legend,
  options,
  registration,
  hint,
  error,
  disabled,
}: CheckboxGroupProps<V>) {
  const groupId = useId();
  const hintId = `${groupId}-hint`;
  const errorId = `${groupId}-error`;
  return (
    <fieldset
      className={styles.fieldset}
      aria-describedby={describedBy(hint ? hintId : undefined, error ? errorId : undefined)}
      disabled={disabled}
    >
      <legend className={styles.legend}>{legend}</legend>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <div className={styles.options}>
        {options.map((option) => {
          const inputId = `${groupId}-${option.value}`;
          const descriptionId = `${inputId}-description`;
          return (
            <div key={option.value} className={styles.checkboxRow}>
              <input
                id={inputId}
                type="checkbox"
                value={option.value}
                className={styles.checkbox}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy(
                  option.description ? descriptionId : undefined,
                  error ? errorId : undefined,
                )}
                {...registration}
              />
              <span className={styles.checkboxText}>
                <label htmlFor={inputId}>{option.label}</label>
                {option.description && (
                  <span id={descriptionId} className={styles.checkboxDescription}>
                    {option.description}
                  </span>
                )}
              </span>
            </div>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
