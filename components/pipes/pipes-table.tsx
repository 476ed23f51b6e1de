'use client';

import Link from 'next/link';
import { RelativeTime } from '@/components/format/timestamp';
import { Badge } from '@/components/ui/badge';
import { Table, tableClassNames } from '@/components/ui/table';
import { useConsole } from '@/lib/console/console-context';
import { servicePage } from '@/lib/console/service-paths';
import type { FailureReason } from '@/lib/pipes/diagnosis/types';
import type { PipeSummary } from '@/lib/pipes/metrics/history';
import type { PipeRecord } from '@/lib/schemas/pipes';
import { formatCount, formatPerSecond, pipeHealth } from './metrics/metric-format';
import { pipeDestinationSummary, pipeSourceLabel } from './pipe-format';
import { FailureReasonText } from './diagnosis/failure-reason';
import { PipeStateBadge } from './pipe-state-badge';
import styles from './pipes.module.css';

export interface PipesTableProps {
  pipes: PipeRecord[];
  now: number;
  /** Metrics by pipe id; undefined while they load or when they are unavailable. */
  metrics?: Record<string, PipeSummary>;
  /** The newest logged reason of each failed pipe, when the service's tables can be read. */
  reasons?: Record<string, FailureReason>;
}

function RateCell({ summary }: { summary: PipeSummary | undefined }) {
  if (!summary?.rates) return <span className={styles.muted}>—</span>;
  return <>{formatPerSecond(summary.rates.rowsPerSecond)}</>;
}

/**
 * State first after the name, so it stays in view when a narrow screen hides the other columns; there
 * the rate and the source fold into the name's cell, under the name, rather than being cut off.
 */
export function PipesTable({ pipes, now, metrics, reasons }: PipesTableProps) {
  const { serviceId } = useConsole();
  return (
    <Table label="Pipes">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">State</th>
          <th scope="col" className={styles.rateColumn}>
            Rows now
          </th>
          <th scope="col" className={styles.wide}>
            Source
          </th>
          <th scope="col" className={styles.wide}>
            Destination table
          </th>
          <th scope="col" className={styles.wide}>
            Created
          </th>
          <th scope="col" className={styles.wide}>
            Updated
          </th>
        </tr>
      </thead>
      <tbody>
        {pipes.map((pipe) => {
          const summary = metrics?.[pipe.id];
          const health = pipeHealth(pipe.state, summary);
          return (
            <tr key={pipe.id}>
              <th scope="row" className={styles.nameCell}>
                <Link href={servicePage(serviceId, 'pipes', pipe.id)} className={styles.nameLink}>
                  {pipe.name}
                </Link>
                <span className={styles.folded}>
                  <span>
                    <span className={styles.foldedLabel}>Rows now </span>
                    <RateCell summary={summary} />
                  </span>
                  <span>{pipeSourceLabel(pipe)}</span>
                </span>
                <FailureReasonText reason={reasons?.[pipe.id]} />
              </th>
              <td className={tableClassNames.nowrap}>
                <span className={styles.stateCell}>
                  <PipeStateBadge state={pipe.state} />
                  {health.erroring && health.errorsPerSecond !== undefined && (
                    <Badge tone="danger" title={`${formatCount(health.errors ?? 0)} errors so far`}>
                      {formatPerSecond(health.errorsPerSecond)} errors
                    </Badge>
                  )}
                </span>
              </td>
              <td className={`${tableClassNames.nowrap} ${styles.rateColumn}`}>
                <RateCell summary={summary} />
              </td>
              <td className={`${tableClassNames.nowrap} ${styles.wide}`}>{pipeSourceLabel(pipe)}</td>
              <td className={`${styles.mono} ${styles.wide}`}>{pipeDestinationSummary(pipe)}</td>
              <td className={`${tableClassNames.nowrap} ${styles.wide}`}>
                <RelativeTime value={pipe.createdAt} now={now} />
              </td>
              <td className={`${tableClassNames.nowrap} ${styles.wide}`}>
                <RelativeTime value={pipe.updatedAt} now={now} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
