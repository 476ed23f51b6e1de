'use client';

import dynamic from 'next/dynamic';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useRef, useState } from 'react';
import { SurfaceSwitch } from '@/components/observability/surface-switch';
import { ROLE_LABELS, useCan, useConsole } from '@/lib/console/console-context';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { GuardedButton } from '@/components/ui/guarded-button';
import { Notice } from '@/components/ui/notice';
import { RecentlyDeletedLink } from '@/components/history/recently-deleted-link';
import { PageHeader } from '@/components/ui/page-header';
import { preloadOnIntent } from '@/components/ui/preload-on-intent';
import { dashboardsHeading } from '@/components/shell/page-headings';
import { SelectField } from '@/components/ui/select-field';
import { TableSkeleton } from '@/components/ui/skeleton';
import { useOnceTrue } from '@/components/ui/use-once-true';
import { TextField } from '@/components/ui/text-field';
import { JsonFileInput } from '@/components/ui/json-file-input';
import { describeApiError } from '@/lib/api/error-message';
import { duplicateBody } from '@/lib/api/dashboards/requests';
import { useDashboardCreateMutation } from '@/lib/api/dashboards/use-dashboard-create-mutation';
import { useDashboardDetailsMutation } from '@/lib/api/dashboards/use-dashboard-details-mutation';
import { useDashboardsQuery } from '@/lib/api/dashboards/use-dashboards-query';
import { useSurfaceTarget } from '@/lib/api/dashboards/use-surface-target';
import { pagePath, type Surface } from '@/lib/observability/surface';
import type { Dashboard, DashboardBody } from '@/lib/schemas/observability/dashboard';
import {
  dashboardFiltersQuery,
  filterDashboards,
  parseDashboardFilters,
  tagsInUse,
  type DashboardListFilters,
} from './dashboard-list-filters';
import { DashboardsTable, type DashboardAction } from './dashboards-table';
import styles from './dashboards.module.css';

// The dialogs (react-hook-form, zod, the alert dialog) load when first opened and the import/export code
// when used, not with the list: mounted closed, next/dynamic would fetch and run their code at once.
const loadDetailsDialog = () => import('./dashboard-details-dialog');
const DashboardDetailsDialog = dynamic(() => loadDetailsDialog().then((m) => m.DashboardDetailsDialog), {
  ssr: false,
});
const DashboardDeleteDialog = dynamic(() => import('./dashboard-delete-dialog').then((m) => m.DashboardDeleteDialog), {
  ssr: false,
});
const loadTransfer = () => import('./dashboard-transfer');

const EDITOR_ONLY = 'Only editors and admins can change dashboards.';

export function DashboardsView({ surface }: { surface: Surface }) {
  const { user } = useConsole();
  const canManage = useCan('manageDashboards');
  const target = useSurfaceTarget(surface);
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const filters = parseDashboardFilters(searchParams);
  const dashboards = useDashboardsQuery(target);
  const create = useDashboardCreateMutation(target);
  const details = useDashboardDetailsMutation(target);
  const [dialog, setDialog] = useState<{ kind: 'create' } | { kind: 'details'; dashboard: Dashboard } | null>(null);
  const [deleting, setDeleting] = useState<Dashboard | null>(null);
  const [importErrors, setImportErrors] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const heading = dashboardsHeading(surface);
  const detailsMounted = useOnceTrue(dialog !== null);
  const deleteMounted = useOnceTrue(deleting !== null);

  const list = dashboards.data ?? [];
  const shown = filterDashboards(list, filters);
  // The filters live in the URL, so a filtered list can be shared and survives a reload.
  const setFilters = (next: DashboardListFilters) =>
    router.replace(`${pathname}${dashboardFiltersQuery(next, searchParams)}`, { scroll: false });

  const createAndOpen = (body: DashboardBody, onError?: (error: unknown) => void) =>
    create.mutate(body, {
      onSuccess: (created) => router.push(pagePath(surface, 'dashboards', target.serviceId, created.id)),
      onError: (error) => (onError ? onError(error) : setNotice(describeApiError(error))),
    });

  const onAction = async (action: DashboardAction, dashboard: Dashboard) => {
    setNotice(null);
    if (action === 'details') setDialog({ kind: 'details', dashboard });
    else if (action === 'delete') setDeleting(dashboard);
    else if (action === 'duplicate') {
      create.mutate(duplicateBody(dashboard), {
        onSuccess: (copy) => setNotice(`Created “${copy.name}”.`),
        onError: (error) => setNotice(describeApiError(error)),
      });
    } else {
      const { downloadJson, exportDashboardJson, exportFileName } = await loadTransfer();
      downloadJson(exportFileName(dashboard), exportDashboardJson(dashboard));
    }
  };

  const onImportFile = async (file: File | undefined) => {
    if (!file) return;
    setImportErrors(null);
    setNotice(null);
    const [{ parseDashboardImport }, text] = await Promise.all([loadTransfer(), file.text()]);
    const result = parseDashboardImport(text);
    if (!result.ok) return setImportErrors(result.errors);
    createAndOpen(result.body);
  };

  const createButton = (
    <GuardedButton
      allowed={canManage}
      reason={EDITOR_ONLY}
      variant="primary"
      onClick={() => setDialog({ kind: 'create' })}
      {...(canManage ? preloadOnIntent(loadDetailsDialog) : {})}
    >
      Create dashboard
    </GuardedButton>
  );
  const importButton = (
    <GuardedButton
      allowed={canManage}
      reason={EDITOR_ONLY}
      loading={create.isPending && dialog === null}
      onClick={() => fileInput.current?.click()}
    >
      Import JSON
    </GuardedButton>
  );

  return (
    <>
      <PageHeader
        title={heading.title}
        description={heading.description}
        actions={
          <>
            <RecentlyDeletedLink />
            {importButton}
            {createButton}
          </>
        }
      />
      <div className={styles.switchRow}>
        <SurfaceSwitch surface={surface} page="dashboards" />
      </div>
      <JsonFileInput ref={fileInput} label="Dashboard JSON file to import" onFile={(file) => void onImportFile(file)} />
      <div className={styles.toolbar}>
        {!canManage && (
          <Notice tone="neutral">
            Your role, {ROLE_LABELS[user.role]}, can view dashboards but not change them. {EDITOR_ONLY}
          </Notice>
        )}
        {notice && (
          <Notice
            tone="info"
            role="status"
            action={
              <Button size="sm" variant="ghost" onClick={() => setNotice(null)}>
                Dismiss
              </Button>
            }
          >
            {notice}
          </Notice>
        )}
        {importErrors && (
          <Notice
            tone="danger"
            role="alert"
            title="The file could not be imported"
            action={
              <Button size="sm" variant="ghost" onClick={() => setImportErrors(null)}>
                Dismiss
              </Button>
            }
          >
            <ul className={styles.errorList}>
              {importErrors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          </Notice>
        )}
        {dashboards.isPending ? (
          <TableSkeleton label="dashboards" />
        ) : dashboards.isError ? (
          <ErrorState
            title="Could not load dashboards"
            error={dashboards.error}
            onRetry={() => dashboards.refetch()}
            retrying={dashboards.isFetching}
          />
        ) : list.length === 0 ? (
          <EmptyState title="No dashboards yet" action={createButton}>
            A dashboard arranges charts of your logs, traces and metrics on a grid.
          </EmptyState>
        ) : (
          <>
            <div className={styles.filters} role="search" aria-label="Filter dashboards">
              <TextField
                label="Name"
                type="search"
                value={filters.query}
                onChange={(event) => setFilters({ ...filters, query: event.target.value })}
              />
              <SelectField
                label="Tag"
                options={[
                  { value: '', label: 'All' },
                  ...tagsInUse(list, filters.tag).map((tag) => ({ value: tag, label: tag })),
                ]}
                value={filters.tag ?? ''}
                onChange={(event) => setFilters({ ...filters, tag: event.target.value || undefined })}
              />
            </div>
            {shown.length === 0 ? (
              <EmptyState title="No dashboards match these filters">
                Clear the name or choose “All” tags to see more.
              </EmptyState>
            ) : (
              <DashboardsTable
                surface={surface}
                dashboards={shown}
                canManage={canManage}
                onAction={(action, d) => void onAction(action, d)}
              />
            )}
          </>
        )}
      </div>

      {canManage && (
        <>
          {detailsMounted && (
            <DashboardDetailsDialog
              open={dialog !== null}
              onOpenChange={(open) => {
                if (!open) setDialog(null);
              }}
              title={dialog?.kind === 'details' ? 'Rename and tag dashboard' : 'Create dashboard'}
              submitLabel={dialog?.kind === 'details' ? 'Save' : 'Create dashboard'}
              initial={dialog?.kind === 'details' ? dialog.dashboard : undefined}
              pending={create.isPending || details.isPending}
              onSubmit={(values, fail) => {
                if (dialog?.kind === 'details') {
                  details.mutate(
                    { id: dialog.dashboard.id, ...values },
                    { onSuccess: () => setDialog(null), onError: fail },
                  );
                } else {
                  createAndOpen({ ...values, tiles: [] }, fail);
                }
              }}
            />
          )}
          {deleteMounted && (
            <DashboardDeleteDialog
              dashboard={deleting}
              onOpenChange={(open) => !open && setDeleting(null)}
              target={target}
            />
          )}
        </>
      )}
    </>
  );
}
