import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton, TableSkeleton } from '@/components/ui/skeleton';
import type { PageHeading } from './page-headings';
import styles from './page-skeleton.module.css';

/**
 * The shape of a console page while its code or data loads. A page whose heading is known before
 * its data shows it here as it will show it (see page-headings.ts); `children` replace the table.
 */
export function PageSkeleton({ heading, children }: { heading?: PageHeading; children?: ReactNode }) {
  const body = children ?? <TableSkeleton label="page" />;
  if (heading) {
    // Laid out as the page lays out its header and what follows it, so nothing moves when it arrives.
    return (
      <>
        <PageHeader title={heading.title} description={heading.description} />
        {body}
      </>
    );
  }
  return (
    <div className={styles.page}>
      <div className={styles.header} aria-hidden="true">
        <Skeleton width={220} height={26} />
        <Skeleton width="min(420px, 80%)" height={14} />
      </div>
      {body}
    </div>
  );
}
