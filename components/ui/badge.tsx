import type { ComponentPropsWithoutRef } from 'react';
import { cx } from './cx';
import styles from './badge.module.css';

export type BadgeTone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger';

export interface BadgeProps extends ComponentPropsWithoutRef<'span'> {
  tone?: BadgeTone;
  /** A leading status dot, for states. */
  dot?: boolean;
}

export function Badge({ tone = 'neutral', dot, className, ...rest }: BadgeProps) {
  return <span className={cx(styles.badge, styles[tone], dot && styles.dot, className)} {...rest} />;
}
