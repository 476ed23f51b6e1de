'use client';

import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { useVersionQuery } from '@/lib/api/history/use-version-query';
import type { HistoryKind } from '@/lib/history/kinds';
import styles from './history.module.css';

/** An older version rendered read-only by the page's own renderer, without restoring it. */
export function VersionPreview({
  kind,
  id,
  version,
  render,
  onBack,
}: {
  kind: HistoryKind;
  id: string;
  version: number;
  render: (object: Record<string, unknown>) => ReactNode;
  onBack: () => void;
}) {
  const stored = useVersionQuery(kind, id, version);
  return (
    <section aria-label={`Preview of version ${version}`}>
      <div className={styles.toolbar}>
        <h3 className={styles.sectionTitle}>Preview of version {version}</h3>
        <Button size="sm" onClick={onBack}>
          Back to versions
        </Button>
      </div>
      <Notice tone="info" title="Read-only preview">
        This is how version {version} looks with today&apos;s data. Nothing is changed until you restore it.
      </Notice>
      {stored.isPending && (
        <div role="status" aria-label="Loading version">
          <Skeleton height={200} />
        </div>
      )}
      {stored.isError && <ErrorState headingLevel={3} title="Could not load the version" error={stored.error} />}
      {stored.isSuccess && <div className={styles.section}>{render(stored.data.object)}</div>}
    </section>
  );
}
