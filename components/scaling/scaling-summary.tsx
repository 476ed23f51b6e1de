import { Panel } from '@/components/ui/panel';
import { Skeleton } from '@/components/ui/skeleton';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { COMPUTE_UNIT } from '@/lib/schemas/scaling-bounds';
import type { CdcScaling } from '@/lib/schemas/scaling';
import { formatComputeUnits, formatCores, formatMemory } from './scaling-format';
import styles from './scaling.module.css';
import { formatNumber } from '@/lib/format/number';

export function ScalingSummary({ scaling }: { scaling: CdcScaling }) {
  return (
    <Panel title="Current allocation">
      <dl className={styles.stats}>
        <div className={styles.stat}>
          <dt className={styles.statLabel}>CPU</dt>
          <dd className={styles.statValue}>{formatCores(scaling.replicaCpuMillicores)}</dd>
          <dd className={styles.statDetail}>{formatNumber(scaling.replicaCpuMillicores)} millicores</dd>
        </div>
        <div className={styles.stat}>
          <dt className={styles.statLabel}>Memory</dt>
          <dd className={styles.statValue}>{formatMemory(scaling.replicaMemoryGb)}</dd>
        </div>
        <div className={styles.stat}>
          <dt className={styles.statLabel}>Billed as</dt>
          <dd className={styles.statValue}>{formatComputeUnits(scaling.replicaCpuMillicores)}</dd>
        </div>
      </dl>
      <ScalingExplanation />
    </Panel>
  );
}

/** What the allocation is for: known before the allocation is read, so its loading state says it too. */
function ScalingExplanation() {
  return (
    <div className={styles.explain}>
      <p>
        All database (Postgres) pipes of this service share this allocation, for the initial load and for change data
        capture alike. Changing it affects every one of them.
      </p>
      <p>
        Billing: {COMPUTE_UNIT.cores} CPU cores and {COMPUTE_UNIT.memoryGb} GB of memory make 1 compute unit.
      </p>
    </div>
  );
}

/**
 * The allocation's panel while it is read: the page's loading state on the server (with the
 * explanation, the page's largest text, in the first paint) and the view's while the browser reads it.
 */
export function ScalingSummaryLoading() {
  return (
    <Panel title="Current allocation">
      <div role="status">
        <VisuallyHidden>Loading the current allocation…</VisuallyHidden>
        <div className={styles.stats} aria-hidden="true">
          <Skeleton height={72} />
          <Skeleton height={72} />
          <Skeleton height={72} />
        </div>
      </div>
      <ScalingExplanation />
    </Panel>
  );
}
