import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './cx';
import { FieldFrame } from './field-frame';
import styles from './field.module.css';

export { describedBy } from './field-frame';

export interface TextFieldProps extends ComponentPropsWithRef<'input'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** Monospace text, for ids and secrets. */
  mono?: boolean;
  /** Keeps the label for assistive technology only, where column headings already say it. */
  labelHidden?: boolean;
}

export function TextField({
  label,
  hint,
  error,
  mono,
  labelHidden,
  id,
  className,
  type = 'text',
  ...rest
}: TextFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} id={id} className={className} labelHidden={labelHidden}>
      {(control) => <input type={type} className={cx(styles.input, mono && styles.mono)} {...control} {...rest} />}
    </FieldFrame>
  );
}
