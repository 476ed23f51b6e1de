'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { TableSkeleton } from '@/components/ui/skeleton';
import { describeApiError } from '@/lib/api/error-message';
import { useDeletedQuery } from '@/lib/api/history/use-deleted-query';
import { useDeletedRestoreMutation } from '@/lib/api/history/use-deleted-restore-mutation';
import { useLastDefinitionMutation } from '@/lib/api/history/use-last-definition-mutation';
import { hasRole } from '@/lib/auth/roles';
import { useCan, useConsole } from '@/lib/console/console-context';
import { draftStorageKey } from '@/components/pipes/wizard/wizard-draft';
import { pipeDraftFrom } from '@/components/pipes/wizard/wizard-from-pipe';
import type { DeletedEntry, HistoryKind } from '@/lib/history/kinds';
import { restoreRoleFor } from '@/lib/history/roles';
import { servicePage } from '@/lib/console/service-paths';
import { DeletedTable } from './deleted-table';

/** Where a restored object opens; a managed one on the current service, whose surface it was restored to. */
function openPath(kind: HistoryKind, id: string, serviceId: string): string | null {
  if (kind === 'dashboards') return `/dashboards/${id}`;
  if (kind === 'managed-dashboards') return servicePage(serviceId, 'managed', 'dashboards', id);
  if (kind === 'alerts') return '/alerts';
  if (kind === 'managed-alerts') return servicePage(serviceId, 'managed', 'alerts');
  return null;
}

/** Dashboards and alerts deleted through Sluice, restorable as new objects for HISTORY_DAYS. */
export function DeletedView() {
  const deleted = useDeletedQuery();
  const restore = useDeletedRestoreMutation();
  const definition = useLastDefinitionMutation();
  const { user, organizationId, serviceId } = useConsole();
  const canCreatePipes = useCan('managePipes');
  const router = useRouter();
  const [confirming, setConfirming] = useState<DeletedEntry | null>(null);
  const [reopening, setReopening] = useState<DeletedEntry | null>(null);
  const [reopenError, setReopenError] = useState<string | null>(null);

  function closeReopen(open: boolean) {
    if (!open) {
      setReopening(null);
      setReopenError(null);
      definition.reset();
    }
  }

  /** The pipe's last definition becomes the wizard's draft (this tab's), secrets to be entered again. */
  function openInWizard(entry: DeletedEntry) {
    definition.mutate(entry, {
      onSuccess: (pipe) => {
        const draft = pipeDraftFrom(pipe);
        if (!draft)
          return setReopenError(
            'Its stored definition has a source the wizard does not know, so it cannot be opened there.',
          );
        window.sessionStorage.setItem(draftStorageKey(organizationId, serviceId), draft.text);
        router.push(servicePage(serviceId, 'pipes', 'new'));
      },
    });
  }
  const restorable = (entry: DeletedEntry) => entry.kind !== 'pipes' && hasRole(user.role, restoreRoleFor(entry.kind));

  function close(open: boolean) {
    if (!open) {
      setConfirming(null);
      restore.reset();
    }
  }

  return (
    <>
      <PageHeader
        title="Recently deleted"
        description="Dashboards, alerts and pipes deleted through Sluice. Restoring a dashboard or an alert creates it again with the same content; a pipe opens in the wizard with its last definition."
      />
      {deleted.isPending ? (
        <TableSkeleton label="recently deleted" />
      ) : deleted.isError ? (
        <ErrorState
          title="Could not load what was deleted"
          error={deleted.error}
          onRetry={() => deleted.refetch()}
          retrying={deleted.isFetching}
        />
      ) : deleted.data.length === 0 ? (
        <EmptyState title="Nothing deleted recently">
          Dashboards, alerts and pipes deleted through Sluice wait here to be restored.
        </EmptyState>
      ) : (
        <DeletedTable
          entries={deleted.data}
          restorable={restorable}
          canReopen={canCreatePipes}
          onRestore={setConfirming}
          onReopen={setReopening}
        />
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
              const path = openPath(entry.kind, data.id, serviceId);
              if (path && entry.kind.endsWith('dashboards')) router.push(path);
            },
          });
        }}
      />
      <ConfirmDialog
        open={reopening !== null}
        onOpenChange={closeReopen}
        title={`Open “${reopening?.name ?? ''}” in the wizard?`}
        description="The wizard opens with the pipe's last definition: source, destination, mappings, scaling and settings. Passwords, keys and connection strings are never kept, so you enter them again before creating it. It replaces any pipe you are drafting in this tab."
        confirmLabel="Open in wizard"
        pending={definition.isPending}
        error={reopenError ?? (definition.isError ? describeApiError(definition.error) : null)}
        onConfirm={() => {
          if (reopening) openInWizard(reopening);
        }}
      />
    </>
  );
}
