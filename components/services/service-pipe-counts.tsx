import Link from 'next/link';
import { pipeStateLabel } from '@/components/pipes/pipe-state';
import { Badge } from '@/components/ui/badge';
import { describeApiError } from '@/lib/api/error-message';
import type { ServicePipes } from '@/lib/api/services/use-organization-pipe-states-query';
import { servicePage } from '@/lib/console/service-paths';
import { serviceStateLabel } from '@/lib/services/service-state';
import styles from './services.module.css';

/** How many of the service's pipes have failed; undefined while they are not known (asleep, loading, unread). */
export const failedPipeCount = (entry: ServicePipes): number | undefined =>
  entry.pipes?.filter((pipe) => pipe.state === 'Failed').length;

/** Pipes by state in one service, or why they are not shown. */
export function ServicePipeCounts({ entry }: { entry: ServicePipes }) {
  if (entry.asleep)
    return (
      <span className={styles.muted}>
        {serviceStateLabel(entry.service.state)}: its pipes are not read while the service sleeps.
      </span>
    );
  if (entry.isPending)
    return (
      <span role="status" className={styles.muted}>
        Reading its pipes…
      </span>
    );
  if (entry.error)
    return (
      <span role="alert" className={styles.muted}>
        Could not read its pipes: {describeApiError(entry.error)}
      </span>
    );
  const pipes = entry.pipes ?? [];
  if (pipes.length === 0)
    return (
      <span className={styles.muted}>
        No pipes yet.{' '}
        <Link href={servicePage(entry.service.id, 'pipes', 'new')} prefetch={false}>
          Create one
        </Link>
        .
      </span>
    );
  const byState = new Map<string, number>();
  for (const pipe of pipes) byState.set(pipe.state ?? 'Unknown', (byState.get(pipe.state ?? 'Unknown') ?? 0) + 1);
  // Failed first, then the most common.
  const counts = [...byState].sort(([a, ca], [b, cb]) => Number(b === 'Failed') - Number(a === 'Failed') || cb - ca);
  return (
    <ul className={styles.counts} aria-label={`Pipes of ${entry.service.name} by state`}>
      {counts.map(([state, count]) => (
        <li key={state}>
          <Badge tone={state === 'Failed' ? 'danger' : 'neutral'}>{`${count} ${pipeStateLabel(state)}`}</Badge>
        </li>
      ))}
    </ul>
  );
}
