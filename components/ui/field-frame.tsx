import { useId, type ReactNode } from 'react';
import { cx } from './cx';
import { visuallyHiddenClassName } from './visually-hidden';
import styles from './field.module.css';

/** What a control inside a field frame needs: its id and the links to its hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldFrameProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  id?: string;
  className?: string;
  /** Keeps the label for assistive technology only, where column headings already say it. */
  labelHidden?: boolean;
  children: (control: FieldControlProps) => ReactNode;
}

/** Describes a control by its hint and error, in that order. */
export function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined || undefined;
}

/** Label, hint, control and error of one form field, linked for assistive technology. */
export function FieldFrame({ label, hint, error, id, className, labelHidden, children }: FieldFrameProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  return (
    <div className={cx(styles.field, className)}>
      <label className={cx(styles.label, labelHidden && visuallyHiddenClassName)} htmlFor={controlId}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(hint ? hintId : undefined, error ? errorId : undefined),
      })}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
