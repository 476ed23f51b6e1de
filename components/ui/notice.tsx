import type { AriaRole, ReactNode } from 'react';
import { cx } from './cx';
import styles from './notice.module.css';

export type NoticeTone = 'info' | 'warning' | 'success' | 'danger' | 'neutral';

export interface NoticeProps {
  tone?: NoticeTone;
  title?: ReactNode;
  children?: ReactNode;
  /** `status` for confirmations, `alert` for failures; none for static guidance. */
  role?: AriaRole;
  action?: ReactNode;
}

export function Notice({ tone = 'info', title, children, role, action }: NoticeProps) {
  return (
    <div className={cx(styles.notice, styles[tone])} role={role}>
      <div className={styles.body}>
        {title && <p className={styles.title}>{title}</p>}
        {children && <div>{children}</div>}
      </div>
      {action}
    </div>
  );
}
