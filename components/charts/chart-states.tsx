'use client';

import { Button } from '@/components/ui/button';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { describeApiError } from '@/lib/api/error-message';
import { unknownFieldOf } from '@/lib/charts/source-fields';
import styles from './charts.module.css';

/** A tile's data is on its way: a shimmer, named for screen readers. */
export function ChartLoading({ label }: { label: string }) {
  return (
    <div className={styles.skeleton} role="status">
      <VisuallyHidden>{label}</VisuallyHidden>
    </div>
  );
}

/**
 * A tile's query failed: the upstream's message in the tile, and a retry. A field the source's
 * table lacks is said in words first (the database's message follows for whoever needs it).
 */
export function ChartFailure({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  const message = describeApiError(error);
  const field = unknownFieldOf(message);
  return (
    <div className={`${styles.state} ${styles.stateError}`} role="alert">
      {field && <p>{`This tile's source has no field ${field}: check the tile's query and the dashboard filter.`}</p>}
      <p className={field ? styles.stateDetail : undefined}>{message}</p>
      <Button size="sm" onClick={onRetry} loading={retrying}>
        Retry
      </Button>
    </div>
  );
}
