import type { CSSProperties } from 'react';
import { VisuallyHidden } from './visually-hidden';
import styles from './skeleton.module.css';

export function Skeleton({
  width = '100%',
  height = 14,
}: {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
}) {
  return <span className={styles.skeleton} style={{ width, height }} aria-hidden="true" />;
}

const COLUMN_WIDTHS = ['22%', '10%', '16%', '10%', '14%', '12%'];

/** Placeholder rows of a table while it loads; announced once as "Loading …". */
export function TableSkeleton({ rows = 4, label }: { rows?: number; label: string }) {
  return (
    <div className={styles.rows} role="status" aria-live="polite">
      <VisuallyHidden>Loading {label}…</VisuallyHidden>
      <div className={`${styles.row} ${styles.head}`} aria-hidden="true">
        {COLUMN_WIDTHS.map((width, index) => (
          <Skeleton key={index} width={width} height={10} />
        ))}
      </div>
      {Array.from({ length: rows }, (_, row) => (
        <div key={row} className={styles.row} aria-hidden="true">
          {COLUMN_WIDTHS.map((width, index) => (
            <Skeleton key={index} width={width} />
          ))}
        </div>
      ))}
    </div>
  );
}
