import { Skeleton, TableSkeleton } from '@/components/ui/skeleton';
import styles from './page-skeleton.module.css';

/** The shape of a console page while its code or data loads. */
export function PageSkeleton() {
  return (
    <div className={styles.page}>
      <div className={styles.header} aria-hidden="true">
        <Skeleton width={220} height={26} />
        <Skeleton width="min(420px, 80%)" height={14} />
      </div>
      <TableSkeleton label="page" />
    </div>
  );
}
