import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cx } from './cx';
import { visuallyHiddenClassName } from './visually-hidden';
import styles from './field.module.css';

export interface TextFieldProps extends ComponentPropsWithRef<'input'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** Monospace text, for ids and secrets. */
  mono?: boolean;
  /** Keeps the label for assistive technology only, where column headings already say it. */
  labelHidden?: boolean;
}

/** Describes a control by its hint and error, in that order. */
export function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined || undefined;
}

export function TextField({ label, hint, error, mono, labelHidden, id, className, type = 'text', ...rest }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div className={cx(styles.field, className)}>
      <label className={cx(styles.label, labelHidden && visuallyHiddenClassName)} htmlFor={inputId}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <input
        id={inputId}
        type={type}
        className={cx(styles.input, mono && styles.mono)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? hintId : undefined, error ? errorId : undefined)}
        {...rest}
      />
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
