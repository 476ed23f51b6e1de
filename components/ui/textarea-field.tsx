import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './cx';
import { FieldFrame } from './field-frame';
import styles from './field.module.css';

export interface TextareaFieldProps extends ComponentPropsWithRef<'textarea'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  mono?: boolean;
  /** Keeps the label for assistive technology only, where a heading above already says it. */
  labelHidden?: boolean;
}

export function TextareaField({
  label,
  hint,
  error,
  mono,
  labelHidden,
  id,
  className,
  rows = 4,
  ...rest
}: TextareaFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} id={id} className={className} labelHidden={labelHidden}>
      {(control) => (
        <textarea
          rows={rows}
          spellCheck={false}
          className={cx(styles.input, styles.textarea, mono && styles.mono)}
          {...control}
          {...rest}
        />
      )}
    </FieldFrame>
  );
}
