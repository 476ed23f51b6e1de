import { useId, type ReactNode } from 'react';
import styles from './page.module.css';

export interface PanelProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Lets a form inside take the panel's title as its accessible name. */
  titleId?: string;
  /** Controls beside the title, e.g. an edit button for what the panel shows. */
  actions?: ReactNode;
}

/** A titled card; the title names the region for assistive technology. */
export function Panel({ title, description, children, titleId: givenTitleId, actions }: PanelProps) {
  const generatedId = useId();
  const titleId = givenTitleId ?? generatedId;
  const header = (
    <div className={styles.panelHeader}>
      <h2 id={titleId} className={styles.panelTitle}>
        {title}
      </h2>
      {description && <div className={styles.panelDescription}>{description}</div>}
    </div>
  );
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      {actions ? (
        <div className={styles.panelTop}>
          {header}
          <div className={styles.panelActions}>{actions}</div>
        </div>
      ) : (
        header
      )}
      {children}
    </section>
  );
}

export function Stack({ children }: { children: ReactNode }) {
  return <div className={styles.stack}>{children}</div>;
}
