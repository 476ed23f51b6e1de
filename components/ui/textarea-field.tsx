import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './cx';
import { FieldFrame } from './field-frame';
import styles from './field.module.css';

export interface TextareaFieldProps extends ComponentPropsWithRef<'textarea'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  mono?: boolean;
}

export function TextareaField({ label, hint, error, mono, id, className, rows = 4, ...rest }: TextareaFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} id={id} className={className}>
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
