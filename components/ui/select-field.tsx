import type { ComponentPropsWithRef, ReactNode } from 'react';
import { FieldFrame } from './field-frame';
import styles from './field.module.css';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends ComponentPropsWithRef<'select'> {
  label: ReactNode;
  options: readonly SelectOption[];
  hint?: ReactNode;
  error?: string;
  /** Keeps the label for assistive technology only, where column headings already say it. */
  labelHidden?: boolean;
}

export function SelectField({ label, options, hint, error, labelHidden, id, className, ...rest }: SelectFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} id={id} className={className} labelHidden={labelHidden}>
      {(control) => (
        <select className={styles.input} {...control} {...rest}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
