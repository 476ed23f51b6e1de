'use client';

import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { DateTime } from '@/components/format/timestamp';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table/data-table';
import { tableClassNames } from '@/components/ui/table';
import type { DeletedEntry, HistoryKind } from '@/lib/history/kinds';

const KIND_LABEL: Partial<Record<HistoryKind, string>> = {
  dashboards: 'Dashboard',
  'managed-dashboards': 'Managed dashboard',
  alerts: 'Alert',
  'managed-alerts': 'Managed alert',
  pipes: 'Pipe',
};

export interface DeletedTableProps {
  entries: readonly DeletedEntry[];
  /** Whether this user may restore the entry. */
  restorable: (entry: DeletedEntry) => boolean;
  /** A deleted pipe can be opened in the wizard by those who may create pipes. */
  canReopen: boolean;
  onRestore: (entry: DeletedEntry) => void;
  onReopen: (entry: DeletedEntry) => void;
}

function deletedColumns({
  restorable,
  canReopen,
  onRestore,
  onReopen,
}: Omit<DeletedTableProps, 'entries'>): ColumnDef<DeletedEntry, unknown>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      accessorFn: (entry) => entry.name,
      meta: { phone: true },
      cell: ({ row: { original: entry } }) => <span className={tableClassNames.name}>{entry.name}</span>,
    },
    { id: 'kind', header: 'Kind', accessorFn: (entry) => KIND_LABEL[entry.kind] ?? entry.kind },
    {
      id: 'deleted',
      header: 'Deleted',
      accessorFn: (entry) => Date.parse(entry.deletedAt),
      sortDescFirst: true,
      cell: ({ row: { original: entry } }) => <DateTime value={entry.deletedAt} />,
    },
    { id: 'by', header: 'By', accessorFn: (entry) => entry.deletedBy },
    {
      id: 'actions',
      header: () => <span className={tableClassNames.meta}>Actions</span>,
      enableSorting: false,
      meta: { phone: true, label: 'Actions', className: tableClassNames.actions },
      cell: ({ row: { original: entry } }) => (
        <div className={tableClassNames.actionsInner}>
          {restorable(entry) && (
            <Button size="sm" onClick={() => onRestore(entry)} aria-label={`Restore ${entry.name}`}>
              Restore
            </Button>
          )}
          {entry.kind === 'pipes' && canReopen && (
            <Button size="sm" onClick={() => onReopen(entry)} aria-label={`Open ${entry.name} in the wizard`}>
              Open in wizard
            </Button>
          )}
        </div>
      ),
    },
  ];
}

export function DeletedTable({ entries, restorable, canReopen, onRestore, onReopen }: DeletedTableProps) {
  const columns = useMemo(
    () => deletedColumns({ restorable, canReopen, onRestore, onReopen }),
    [restorable, canReopen, onRestore, onReopen],
  );
  return (
    <DataTable
      label="Recently deleted"
      data={entries}
      columns={columns}
      getRowId={(entry) => `${entry.kind}:${entry.id}`}
    />
  );
}
