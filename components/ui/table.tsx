import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { cx } from './cx';
import styles from './table.module.css';

export interface TableProps extends ComponentPropsWithoutRef<'table'> {
  /** Names the table and its scroll region, e.g. "API keys". */
  label: string;
  children: ReactNode;
}

/**
 * A table inside a horizontally scrolling, keyboard-focusable region, so wide tables stay readable
 * on narrow screens.
 */
export function Table({ label, className, children, ...rest }: TableProps) {
  return (
    <div className={styles.scroll} role="region" aria-label={label} tabIndex={0}>
      <table className={cx(styles.table, className)} aria-label={label} {...rest}>
        {children}
      </table>
    </div>
  );
}

export function ActionsCell({ children }: { children: ReactNode }) {
  return (
    <td className={styles.actions}>
      <div className={styles.actionsInner}>{children}</div>
    </td>
  );
}

export const tableClassNames = {
  nowrap: styles.nowrap,
  actions: styles.actions,
  actionsInner: styles.actionsInner,
  name: styles.cellName,
  meta: styles.cellMeta,
  link: styles.cellLink,
};
