import { useId, type ReactNode } from 'react';
import styles from './page.module.css';

export interface PanelProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Lets a form inside take the panel's title as its accessible name. */
  titleId?: string;
}

/** A titled card; the title names the region for assistive technology. */
export function Panel({ title, description, children, titleId: givenTitleId }: PanelProps) {
  const generatedId = useId();
  const titleId = givenTitleId ?? generatedId;
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <div className={styles.panelHeader}>
        <h2 id={titleId} className={styles.panelTitle}>
          {title}
        </h2>
        {description && <div className={styles.panelDescription}>{description}</div>}
      </div>
      {children}
    </section>
  );
}

export function Stack({ children }: { children: ReactNode }) {
  return <div className={styles.stack}>{children}</div>;
}
