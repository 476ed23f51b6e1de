'use client';

import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { clearTableUrlState } from '@/components/ui/data-table/use-table-url-state';
import { isApiRequestError } from '@/lib/api/client';
import { describeApiError } from '@/lib/api/error-message';
import { useHistoryQuery } from '@/lib/api/history/use-history-query';
import { useRestoreMutation } from '@/lib/api/history/use-restore-mutation';
import { useCanRestore } from './use-can-restore';
import { kindNoun, type HistoryKind, type VersionEntry } from '@/lib/history/kinds';
import { VersionCompare } from './version-compare';
import { VersionPreview } from './version-preview';
import { VERSIONS_URL_PREFIX, VersionsTable } from './versions-table';
import styles from './history.module.css';

export interface HistoryDialogProps {
  kind: HistoryKind;
  id: string;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRestored?: () => void;
  preview?: (object: Record<string, unknown>) => ReactNode;
}

type View = { mode: 'list' } | { mode: 'compare'; versions: [number, number] } | { mode: 'preview'; version: number };

/** An object's versions newest first, with Compare (any two), Preview (dashboards) and Restore. */
export function HistoryDialog({ kind, id, name, open, onOpenChange, onRestored, preview }: HistoryDialogProps) {
  const history = useHistoryQuery(kind, id, { enabled: open });
  const [view, setView] = useState<View>({ mode: 'list' });
  const [selected, setSelected] = useState<number[]>([]);
  const [restoring, setRestoring] = useState<VersionEntry | null>(null);
  const canRestore = useCanRestore(kind);
  const restore = useRestoreMutation(kind, id, {
    onSuccess: () => {
      setRestoring(null);
      setView({ mode: 'list' });
      onRestored?.();
    },
  });

  function toggle(version: number, checked: boolean) {
    // The two newest picks are compared; a third pick replaces the older one.
    setSelected((current) =>
      checked ? [...current.filter((v) => v !== version), version].slice(-2) : current.filter((v) => v !== version),
    );
  }

  function closeRestore(openNow: boolean) {
    if (!openNow) {
      setRestoring(null);
      restore.reset();
    }
  }

  // Reopened, the panel starts from the list again, and the page's URL no longer carries its order.
  function changeOpen(next: boolean) {
    if (!next) {
      setView({ mode: 'list' });
      setSelected([]);
      clearTableUrlState(VERSIONS_URL_PREFIX);
    }
    onOpenChange(next);
  }

  const error = restore.error;
  const conflict = isApiRequestError(error) && error.status === 412;
  const gone = isApiRequestError(error) && error.code === 'OBJECT_GONE';
  const latest = history.data?.versions[0]?.version;

  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      title={`History of “${name}”`}
      description={`Every change to this ${kindNoun(kind)}, newest first.`}
      wide
    >
      {view.mode === 'compare' && (
        <VersionCompare kind={kind} id={id} versions={view.versions} onBack={() => setView({ mode: 'list' })} />
      )}
      {view.mode === 'preview' && preview && (
        <VersionPreview
          kind={kind}
          id={id}
          version={view.version}
          render={preview}
          onBack={() => setView({ mode: 'list' })}
        />
      )}
      {view.mode === 'list' && (
        <>
          {history.isPending && (
            <div role="status" aria-label="Loading history">
              <Skeleton height={28} />
              <Skeleton height={28} />
              <Skeleton height={28} />
            </div>
          )}
          {history.isError && (
            <ErrorState
              headingLevel={3}
              title="Could not load the history"
              error={history.error}
              onRetry={() => history.refetch()}
              retrying={history.isFetching}
            />
          )}
          {history.isSuccess && history.data.versions.length === 0 && (
            <EmptyState headingLevel={3} title="No versions yet">
              Versions are kept from the first time Sluice reads or saves this {kindNoun(kind)}.
            </EmptyState>
          )}
          {history.isSuccess && history.data.versions.length > 0 && (
            <>
              <div className={styles.toolbar}>
                <span>
                  {selected.length === 2
                    ? `Versions ${Math.min(...selected)} and ${Math.max(...selected)} selected`
                    : 'Select two versions to compare them.'}
                </span>
                <Button
                  size="sm"
                  variant="primary"
                  disabled={selected.length !== 2}
                  onClick={() =>
                    setView({
                      mode: 'compare',
                      versions: [Math.min(...selected), Math.max(...selected)] as [number, number],
                    })
                  }
                >
                  Compare
                </Button>
              </div>
              <VersionsTable
                versions={history.data.versions}
                latest={latest}
                selected={selected}
                onSelect={toggle}
                onPreview={preview ? (version) => setView({ mode: 'preview', version }) : undefined}
                onRestore={canRestore ? setRestoring : undefined}
              />
            </>
          )}
        </>
      )}
      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={closeRestore}
        title={`Restore version ${restoring?.version ?? ''}?`}
        description={`The ${kindNoun(kind)} becomes as it was in version ${restoring?.version ?? ''}; this is kept as a new version, so it can be undone the same way.`}
        confirmLabel={gone ? `Restore as a new ${kindNoun(kind)}` : 'Restore'}
        pending={restore.isPending}
        error={error && !conflict && !gone ? describeApiError(error) : null}
        onConfirm={() => {
          if (restoring) restore.mutate({ version: restoring.version, etag: history.data?.etag ?? null, asNew: gone });
        }}
      >
        {conflict && (
          <Notice
            tone="warning"
            title="Changed meanwhile"
            action={
              <Button
                size="sm"
                onClick={() => {
                  restore.reset();
                  void history.refetch();
                }}
              >
                Reload history
              </Button>
            }
          >
            Someone changed this {kindNoun(kind)} after you opened its history. Reload the history to see their change,
            then choose again.
          </Notice>
        )}
        {gone && (
          <Notice tone="warning" title={`This ${kindNoun(kind)} no longer exists`}>
            It was deleted outside this page. You can restore the version as a new {kindNoun(kind)}.
          </Notice>
        )}
      </ConfirmDialog>
    </Dialog>
  );
}
