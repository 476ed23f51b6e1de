'use client';

import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table/data-table';
import { tableClassNames } from '@/components/ui/table';
import type { EndpointRow } from './endpoint-rows';
import styles from './endpoints.module.css';

export interface EndpointsTableProps {
  rows: EndpointRow[];
  /** Absent for roles that may not attach or detach: the action column is then left out. */
  onAttach?: (row: EndpointRow) => void;
  onDetach?: (row: EndpointRow) => void;
  /** The endpoint whose attach request is in flight. */
  attachingId?: string;
}

const dash = <span className={styles.muted}>—</span>;

function endpointColumns({
  onAttach,
  onDetach,
  attachingId,
}: Omit<EndpointsTableProps, 'rows'>): ColumnDef<EndpointRow, unknown>[] {
  const columns: ColumnDef<EndpointRow, unknown>[] = [
    {
      id: 'id',
      header: 'Endpoint ID',
      accessorFn: (row) => row.id,
      meta: { phone: true, rowHeader: true, className: `${styles.mono} ${tableClassNames.nowrap}`, alwaysShown: true },
    },
    {
      id: 'description',
      header: 'Description',
      accessorFn: (row) => (row.registered ? row.description : undefined),
      sortUndefined: 'last',
      cell: ({ row: { original: row } }) =>
        row.registered ? (
          row.description || dash
        ) : (
          <span className={styles.muted}>Not registered in this organization</span>
        ),
    },
    {
      id: 'provider',
      header: 'Cloud provider',
      accessorFn: (row) => row.cloudProvider || undefined,
      sortUndefined: 'last',
      meta: { className: tableClassNames.nowrap },
      cell: ({ row: { original: row } }) => row.cloudProvider || dash,
    },
    {
      id: 'region',
      header: 'Region',
      accessorFn: (row) => row.region || undefined,
      sortUndefined: 'last',
      meta: { className: tableClassNames.nowrap },
      cell: ({ row: { original: row } }) => row.region || dash,
    },
    {
      id: 'attached',
      header: 'This service',
      accessorFn: (row) => (row.attached ? 'Attached' : 'Not attached'),
      meta: { phone: true, className: tableClassNames.nowrap },
      cell: ({ row: { original: row } }) =>
        row.attached ? (
          <Badge tone="success" dot>
            Attached
          </Badge>
        ) : (
          <Badge tone="neutral">Not attached</Badge>
        ),
    },
  ];
  if (!onAttach || !onDetach) return columns;
  return [
    ...columns,
    {
      id: 'actions',
      header: 'Actions',
      enableSorting: false,
      meta: { phone: true, alwaysShown: true, className: tableClassNames.actions },
      cell: ({ row: { original: row } }) => (
        <div className={tableClassNames.actionsInner}>
          {row.attached ? (
            <Button size="sm" aria-label={`Detach ${row.id}`} onClick={() => onDetach(row)}>
              Detach
            </Button>
          ) : row.attachBlockedReason ? (
            <span className={styles.reason}>{row.attachBlockedReason}</span>
          ) : (
            <Button
              size="sm"
              variant="primary"
              aria-label={`Attach ${row.id}`}
              loading={attachingId === row.id}
              onClick={() => onAttach(row)}
            >
              Attach
            </Button>
          )}
        </div>
      ),
    },
  ];
}

export function EndpointsTable({ rows, onAttach, onDetach, attachingId }: EndpointsTableProps) {
  const columns = useMemo(
    () => endpointColumns({ onAttach, onDetach, attachingId }),
    [onAttach, onDetach, attachingId],
  );
  return <DataTable label="Private endpoints" data={rows} columns={columns} getRowId={(row) => row.id} />;
}
