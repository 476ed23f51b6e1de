import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cx } from './cx';
import styles from './field.module.css';

export interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type'> {
  label: ReactNode;
  description?: ReactNode;
}

export function Checkbox({ label, description, id, className, ...rest }: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const descriptionId = `${inputId}-description`;
  return (
    <div className={cx(styles.checkboxRow, className)}>
      <input
        id={inputId}
        type="checkbox"
        className={styles.checkbox}
        aria-describedby={description ? descriptionId : undefined}
        {...rest}
      />
      <span className={styles.checkboxText}>
        <label htmlFor={inputId}>{label}</label>
        {description && (
          <span id={descriptionId} className={styles.checkboxDescription}>
            {description}
          </span>
        )}
      </span>
    </div>
  );
}
