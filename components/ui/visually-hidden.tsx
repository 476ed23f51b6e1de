import type { ComponentPropsWithoutRef } from 'react';
import { cx } from './cx';
import styles from './visually-hidden.module.css';

/** Read by assistive technology, invisible on screen. */
export function VisuallyHidden({ className, ...rest }: ComponentPropsWithoutRef<'span'>) {
  return <span className={cx(styles.hidden, className)} {...rest} />;
}

export const visuallyHiddenClassName = styles.hidden;
