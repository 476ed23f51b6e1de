'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { DateTime } from '@/components/format/timestamp';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { TableSkeleton } from '@/components/ui/skeleton';
import { ActionsCell, Table, tableClassNames } from '@/components/ui/table';
import { describeApiError } from '@/lib/api/error-message';
import { useDeletedQuery } from '@/lib/api/history/use-deleted-query';
import { useDeletedRestoreMutation } from '@/lib/api/history/use-deleted-restore-mutation';
import { hasRole } from '@/lib/auth/roles';
import { useConsole } from '@/lib/console/console-context';
import type { DeletedEntry, HistoryKind } from '@/lib/history/kinds';
import { restoreRoleFor } from '@/lib/history/roles';

const KIND_LABEL: Partial<Record<HistoryKind, string>> = {
  dashboards: 'Dashboard',
  'managed-dashboards': 'Managed dashboard',
  alerts: 'Alert',
  'managed-alerts': 'Managed alert',
  pipes: 'Pipe',
};

/** Where a restored object opens. */
function openPath(kind: HistoryKind, id: string): string | null {
  if (kind === 'dashboards') return `/dashboards/${id}`;
  if (kind === 'managed-dashboards') return `/managed/dashboards/${id}`;
  if (kind === 'alerts') return '/alerts';
  if (kind === 'managed-alerts') return '/managed/alerts';
  return null;
}

/** Dashboards and alerts deleted through Sluice, restorable as new objects for HISTORY_DAYS. */
export function DeletedView() {
  const deleted = useDeletedQuery();
  const restore = useDeletedRestoreMutation();
  const { user } = useConsole();
  const router = useRouter();
  const [confirming, setConfirming] = useState<DeletedEntry | null>(null);
  const restorable = (entry: DeletedEntry) => entry.kind !== 'pipes' && hasRole(user.role, restoreRoleFor(entry.kind));

  function close(open: boolean) {
    if (!open) {
      setConfirming(null);
      restore.reset();
    }
  }

  return (
    <>
      <PageHeader title="Recently deleted" description="Dashboards and alerts deleted through Sluice. Restoring one creates it again with the same content." />
      {deleted.isPending ? (
        <TableSkeleton label="recently deleted" />
      ) : deleted.isError ? (
        <ErrorState title="Could not load what was deleted" error={deleted.error} onRetry={() => deleted.refetch()} retrying={deleted.isFetching} />
      ) : deleted.data.length === 0 ? (
        <EmptyState title="Nothing deleted recently">Dashboards and alerts deleted through Sluice wait here to be restored.</EmptyState>
      ) : (
        <Table label="Recently deleted">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Kind</th>
              <th scope="col">Deleted</th>
              <th scope="col">By</th>
              <th scope="col">
                <span className={tableClassNames.meta}>Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {deleted.data.map((entry) => (
              <tr key={`${entry.kind}:${entry.id}`}>
                <td>
                  <span className={tableClassNames.name}>{entry.name}</span>
                </td>
                <td>{KIND_LABEL[entry.kind] ?? entry.kind}</td>
                <td>
                  <DateTime value={entry.deletedAt} />
                </td>
                <td>{entry.deletedBy}</td>
                <ActionsCell>
                  {restorable(entry) && (
                    <Button size="sm" onClick={() => setConfirming(entry)} aria-label={`Restore ${entry.name}`}>
                      Restore
                    </Button>
                  )}
                </ActionsCell>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={close}
        title={`Restore “${confirming?.name ?? ''}”?`}
        description={
          confirming?.kind.endsWith('dashboards')
            ? 'It is created again with the same tiles; alerts deleted with it come back, pointed at its new tiles.'
            : 'It is created again with the same settings.'
        }
        confirmLabel="Restore"
        pending={restore.isPending}
        error={restore.isError ? describeApiError(restore.error) : null}
        onConfirm={() => {
          if (!confirming) return;
          const entry = confirming;
          restore.mutate(entry, {
            onSuccess: ({ data }) => {
              close(false);
              const path = openPath(entry.kind, data.id);
              if (path && entry.kind.endsWith('dashboards')) router.push(path);
            },
          });
        }}
      />
    </>
  );
}
