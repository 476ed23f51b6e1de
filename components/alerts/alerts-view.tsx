'use client';

import dynamic from 'next/dynamic';
import { useDeferredValue, useState } from 'react';
import { SurfaceSwitch } from '@/components/observability/surface-switch';
import { ROLE_LABELS, useCan, useConsole } from '@/lib/console/console-context';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { GuardedButton } from '@/components/ui/guarded-button';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { ALERTS_HEADING } from '@/components/shell/page-headings';
import { preloadOnIntent } from '@/components/ui/preload-on-intent';
import { TableSkeleton } from '@/components/ui/skeleton';
import { useOnceTrue } from '@/components/ui/use-once-true';
import { useAlertTargetsQuery } from '@/lib/api/alerts/use-alert-targets-query';
import { useAlertsQuery } from '@/lib/api/alerts/use-alerts-query';
import { useWebhooksQuery } from '@/lib/api/webhooks/use-webhooks-query';
import { surfaceCapabilities, type Surface } from '@/lib/observability/surface';
import type { AlertRecord } from '@/lib/schemas/observability/alert-bounds';
import { useQueryClient } from '@tanstack/react-query';
import { RecentlyDeletedLink } from '@/components/history/recently-deleted-link';
import { alertKeys } from '@/lib/api/alerts/keys';
import { AlertsTable, alertName, type AlertAction } from './alerts-table';
import styles from './alerts.module.css';

// The form (react-hook-form, the zod schema) loads when first opened, not with the page: mounted
// closed, next/dynamic would fetch and run its code at once, while the page starts.
const loadFormDialog = () => import('./alert-form-dialog');
const AlertFormDialog = dynamic(() => loadFormDialog().then((m) => m.AlertFormDialog), { ssr: false });

// The confirmation (Radix's alert dialog) too.
const AlertDeleteDialog = dynamic(() => import('./alert-delete-dialog').then((m) => m.AlertDeleteDialog), {
  ssr: false,
});

const HistoryDialog = dynamic(() => import('@/components/history/history-dialog').then((m) => m.HistoryDialog), {
  ssr: false,
});
const CodeDialog = dynamic(() => import('@/components/history/code-dialog').then((m) => m.CodeDialog), { ssr: false });

const EDITORS_ONLY = 'Only editors and admins can create and change alerts.';

/** The alerts page of one surface: list, create, edit, delete. */
export function AlertsView({ surface }: { surface: Surface }) {
  const { user } = useConsole();
  const canManage = useCan('manageAlerts');
  const alerts = useAlertsQuery(surface);
  const targets = useAlertTargetsQuery(surface);
  const webhooks = useWebhooksQuery({ enabled: surfaceCapabilities(surface).webhooks });
  const [creating, setCreating] = useState(false);
  const [pending, setPending] = useState<{ action: AlertAction; alert: AlertRecord } | null>(null);
  const target = (action: AlertAction) => (pending?.action === action ? pending.alert : null);
  const close = (open: boolean) => {
    if (!open) setPending(null);
  };

  const createMounted = useOnceTrue(creating);
  const editMounted = useOnceTrue(pending?.action === 'edit');
  const deleteMounted = useOnceTrue(pending?.action === 'delete');

  const createButton = (
    <GuardedButton
      allowed={canManage}
      reason={EDITORS_ONLY}
      variant="primary"
      onClick={() => setCreating(true)}
      {...(canManage ? preloadOnIntent(loadFormDialog) : {})}
    >
      Create alert
    </GuardedButton>
  );
  // Alerts (and their targets and webhooks) that arrive while the page is open are drawn in a
  // deferred render, which React can interrupt: react-query's answers otherwise reach React as a
  // synchronous update, and the table drawn in one go held a phone's main thread for a tenth of a
  // second or more. Until it is drawn the loading state stays.
  const shown = useDeferredValue(alerts.data);
  const shownTargets = useDeferredValue(targets.data);
  const shownWebhooks = useDeferredValue(webhooks.data);
  const drawing = alerts.data !== undefined && shown === undefined;
  const list = shown ?? [];
  const historyKind = surface === 'oss' ? 'alerts' : 'managed-alerts';
  const queryClient = useQueryClient();

  return (
    <>
      <PageHeader
        title={ALERTS_HEADING.title}
        description={ALERTS_HEADING.description}
        actions={
          <>
            <RecentlyDeletedLink />
            {alerts.isSuccess && list.length > 0 && createButton}
          </>
        }
      />
      <div className={styles.toolbar}>
        <SurfaceSwitch surface={surface} page="alerts" />
        {!canManage && (
          <Notice tone="neutral">
            Your role, {ROLE_LABELS[user.role]}, can view alerts but not change them. {EDITORS_ONLY}
          </Notice>
        )}
        {alerts.isPending || drawing ? (
          <TableSkeleton label="alerts" />
        ) : alerts.isError ? (
          <ErrorState
            title="Could not load alerts"
            error={alerts.error}
            onRetry={() => alerts.refetch()}
            retrying={alerts.isFetching}
          />
        ) : list.length === 0 ? (
          <EmptyState title="No alerts yet" action={createButton}>
            Create an alert to be notified when a tile&apos;s value crosses a threshold.
          </EmptyState>
        ) : (
          <AlertsTable
            alerts={list}
            targets={shownTargets ?? []}
            webhooks={surfaceCapabilities(surface).webhooks ? (shownWebhooks ?? []) : undefined}
            onAction={(action, alert) => setPending({ action, alert })}
            canManage={canManage}
          />
        )}
      </div>
      {target('history') && (
        <HistoryDialog
          kind={historyKind}
          id={target('history')!.id}
          name={alertName(target('history')!)}
          open
          onOpenChange={close}
          onRestored={() => void queryClient.invalidateQueries({ queryKey: alertKeys.all })}
        />
      )}
      {target('code') && (
        <CodeDialog
          kind={historyKind}
          id={target('code')!.id}
          name={alertName(target('code')!)}
          open
          onOpenChange={close}
        />
      )}
      {canManage && (
        <>
          {createMounted && <AlertFormDialog surface={surface} open={creating} onOpenChange={setCreating} />}
          {editMounted && (
            <AlertFormDialog
              surface={surface}
              open={target('edit') !== null}
              alert={target('edit')}
              onOpenChange={close}
            />
          )}
          {deleteMounted && <AlertDeleteDialog surface={surface} alert={target('delete')} onOpenChange={close} />}
        </>
      )}
    </>
  );
}
