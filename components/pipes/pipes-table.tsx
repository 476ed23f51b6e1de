'use client';

import type { ColumnDef } from '@tanstack/react-table';
import Link from 'next/link';
import { useMemo, type ReactNode } from 'react';
import { RelativeTime } from '@/components/format/timestamp';
import { Badge } from '@/components/ui/badge';
import { DataTable } from '@/components/ui/data-table/data-table';
import { tableClassNames } from '@/components/ui/table';
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
  /** Placeholder rows while the list loads. */
  loading?: boolean;
  /** Shown instead of the table when no pipe is left (filtered out). */
  empty?: ReactNode;
}

function RateCell({ summary }: { summary: PipeSummary | undefined }) {
  if (!summary?.rates) return <span className={styles.muted}>—</span>;
  return <>{formatPerSecond(summary.rates.rowsPerSecond)}</>;
}

const timeOf = (value: string | undefined) => (value ? Date.parse(value) : undefined);

function pipeColumns(
  serviceId: string,
  now: number,
  metrics: Record<string, PipeSummary> | undefined,
  reasons: Record<string, FailureReason> | undefined,
): ColumnDef<PipeRecord, unknown>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      accessorFn: (pipe) => pipe.name,
      meta: { phone: true, rowHeader: true, className: styles.nameCell, alwaysShown: true },
      cell: ({ row: { original: pipe } }) => (
        <>
          <Link href={servicePage(serviceId, 'pipes', pipe.id)} className={styles.nameLink}>
            {pipe.name}
          </Link>
          <span className={styles.folded}>
            <span>
              <span className={styles.foldedLabel}>Rows now </span>
              <RateCell summary={metrics?.[pipe.id]} />
            </span>
            <span>{pipeSourceLabel(pipe)}</span>
          </span>
          <FailureReasonText reason={reasons?.[pipe.id]} />
        </>
      ),
    },
    {
      id: 'state',
      header: 'State',
      accessorFn: (pipe) => pipe.state,
      meta: { phone: true, className: tableClassNames.nowrap },
      cell: ({ row: { original: pipe } }) => {
        const health = pipeHealth(pipe.state, metrics?.[pipe.id]);
        return (
          <span className={styles.stateCell}>
            <PipeStateBadge state={pipe.state} />
            {health.erroring && health.errorsPerSecond !== undefined && (
              <Badge tone="danger" title={`${formatCount(health.errors ?? 0)} errors so far`}>
                {formatPerSecond(health.errorsPerSecond)} errors
              </Badge>
            )}
          </span>
        );
      },
    },
    {
      // On a phone the rate folds under the name instead (see the name's cell), so no header is cut.
      id: 'rate',
      header: 'Rows now',
      accessorFn: (pipe) => metrics?.[pipe.id]?.rates?.rowsPerSecond,
      sortUndefined: 'last',
      sortDescFirst: true,
      meta: { className: tableClassNames.nowrap },
      cell: ({ row: { original: pipe } }) => <RateCell summary={metrics?.[pipe.id]} />,
    },
    {
      id: 'source',
      header: 'Source',
      accessorFn: (pipe) => pipeSourceLabel(pipe),
      meta: { className: tableClassNames.nowrap },
    },
    {
      id: 'destination',
      header: 'Destination table',
      accessorFn: (pipe) => pipeDestinationSummary(pipe),
      meta: { className: styles.mono },
    },
    {
      id: 'created',
      header: 'Created',
      accessorFn: (pipe) => timeOf(pipe.createdAt),
      sortUndefined: 'last',
      meta: { className: tableClassNames.nowrap },
      cell: ({ row: { original: pipe } }) => <RelativeTime value={pipe.createdAt} now={now} />,
    },
    {
      id: 'updated',
      header: 'Updated',
      accessorFn: (pipe) => timeOf(pipe.updatedAt),
      sortUndefined: 'last',
      meta: { className: tableClassNames.nowrap },
      cell: ({ row: { original: pipe } }) => <RelativeTime value={pipe.updatedAt} now={now} />,
    },
  ];
}

/**
 * State first after the name, so it stays in view when a narrow screen hides the other columns; there
 * the rate and the source fold into the name's cell, under the name, rather than being cut off.
 */
export function PipesTable({ pipes, now, metrics, reasons, loading, empty }: PipesTableProps) {
  const { serviceId } = useConsole();
  const columns = useMemo(() => pipeColumns(serviceId, now, metrics, reasons), [serviceId, now, metrics, reasons]);
  return (
    <DataTable
      label="Pipes"
      data={pipes}
      columns={columns}
      getRowId={(pipe) => pipe.id}
      columnMenu
      loading={loading}
      empty={empty}
    />
  );
}
