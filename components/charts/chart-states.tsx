'use client';

import { Button } from '@/components/ui/button';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { describeApiError } from '@/lib/api/error-message';
import styles from './charts.module.css';

/** A tile's data is on its way: a shimmer, named for screen readers. */
export function ChartLoading({ label }: { label: string }) {
  return (
    <div className={styles.skeleton} role="status">
      <VisuallyHidden>{label}</VisuallyHidden>
    </div>
  );
}

/** A tile's query failed: the upstream's message in the tile, and a retry. */
export function ChartFailure({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  return (
    <div className={`${styles.state} ${styles.stateError}`} role="alert">
      <p>{describeApiError(error)}</p>
      <Button size="sm" onClick={onRetry} loading={retrying}>
        Retry
      </Button>
    </div>
  );
}
