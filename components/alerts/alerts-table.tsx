'use client';

import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { ActionMenu } from '@/components/ui/action-menu';
import { Badge } from '@/components/ui/badge';
import { DataTable } from '@/components/ui/data-table/data-table';
import { tableClassNames } from '@/components/ui/table';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import type { AlertTarget } from '@/lib/api/alerts/use-alert-targets-query';
import type { WebhookRecord } from '@/lib/api/webhooks/use-webhooks-query';
import {
  ALERT_INTERVAL_LABELS,
  ALERT_STATE_LABELS,
  type AlertInterval,
  type AlertRecord,
} from '@/lib/schemas/observability/alert-bounds';
import styles from './alerts.module.css';
import { formatMonthDayHourMinute24 } from '@/lib/format/date-time';

export type AlertAction = 'edit' | 'delete' | 'history' | 'code';

export interface AlertsTableProps {
  alerts: readonly AlertRecord[];
  targets: readonly AlertTarget[];
  /** Undefined where the surface has no webhooks list: the id is shown. */
  webhooks?: readonly WebhookRecord[];
  /** Absent for roles that may not change alerts: the action column is then left out. */
  onAction?: (action: AlertAction, alert: AlertRecord) => void;
  /** Edit and Delete are offered to editors; History and "View as Terraform" to everyone. */
  canManage?: boolean;
}

const THRESHOLD_WORDS: Record<string, string> = {
  above: 'Above',
  above_exclusive: 'Strictly above',
  below: 'Below',
  below_or_equal: 'At or below',
  equal: 'Equal to',
  not_equal: 'Not equal to',
  between: 'Between',
  not_between: 'Outside',
};

/** Silenced now: `until` is still ahead. */
export function silencedUntil(alert: AlertRecord, now = Date.now()): number | null {
  const until = alert.silenced?.until ? Date.parse(alert.silenced.until) : NaN;
  return Number.isFinite(until) && until > now ? until : null;
}

/** The alert's state as the upstream reports it, its silence and its latest execution error. */
export function AlertState({ alert }: { alert: AlertRecord }) {
  const state = alert.state
    ? (ALERT_STATE_LABELS[alert.state] ?? { label: alert.state, tone: 'neutral' as const })
    : null;
  const silenced = silencedUntil(alert);
  const error = alert.executionErrors?.[0];
  return (
    <span className={styles.state}>
      {state ? (
        <Badge tone={state.tone} dot>
          {state.label}
        </Badge>
      ) : (
        <span className={tableClassNames.meta}>Not reported</span>
      )}
      {silenced !== null && (
        <span className={tableClassNames.meta}>Silenced until {formatMonthDayHourMinute24(silenced)}</span>
      )}
      {error && (
        <span className={styles.stateError} title={`${error.type} at ${error.timestamp}`}>
          Last check failed: {error.message}
        </span>
      )}
    </span>
  );
}

export function alertName(alert: AlertRecord): string {
  return alert.name?.trim() || 'Untitled alert';
}

function conditionText(alert: AlertRecord): string {
  const max = (alert as { thresholdMax?: unknown }).thresholdMax;
  const range =
    (alert.thresholdType === 'between' || alert.thresholdType === 'not_between') && typeof max === 'number'
      ? ` and ${max}`
      : '';
  return `${THRESHOLD_WORDS[alert.thresholdType] ?? alert.thresholdType} ${alert.threshold}${range}`;
}

function alertColumns({
  targets,
  webhooks,
  onAction,
  canManage = true,
}: Omit<AlertsTableProps, 'alerts'>): ColumnDef<AlertRecord, unknown>[] {
  const dashboardOf = (alert: AlertRecord) => targets.find((d) => d.id === alert.dashboardId);
  const webhookOf = (alert: AlertRecord) => webhooks?.find((w) => w.id === alert.channel?.webhookId);
  const columns: ColumnDef<AlertRecord, unknown>[] = [
    {
      id: 'name',
      header: 'Name',
      accessorFn: alertName,
      meta: { phone: true, rowHeader: true, alwaysShown: true },
      cell: ({ row: { original: alert } }) => (
        <>
          <span className={tableClassNames.name}>{alertName(alert)}</span>
          {alert.message && <span className={tableClassNames.meta}>{alert.message}</span>}
        </>
      ),
    },
    {
      id: 'state',
      header: 'State',
      accessorFn: (alert) => alert.state,
      sortUndefined: 'last',
      meta: { phone: true },
      cell: ({ row: { original: alert } }) => <AlertState alert={alert} />,
    },
    {
      id: 'dashboard',
      header: 'Dashboard / tile',
      accessorFn: (alert) => dashboardOf(alert)?.name ?? alert.dashboardId,
      sortUndefined: 'last',
      cell: ({ row: { original: alert } }) => {
        const dashboard = dashboardOf(alert);
        const tile = dashboard?.tiles.find((t) => t.id === alert.tileId);
        return (
          <>
            <span className={tableClassNames.name}>{dashboard?.name ?? alert.dashboardId ?? '—'}</span>
            <span className={tableClassNames.meta}>{tile?.name ?? (alert.tileId ? `Tile ${alert.tileId}` : '')}</span>
          </>
        );
      },
    },
    {
      id: 'condition',
      header: 'Condition',
      accessorFn: conditionText,
      meta: { className: tableClassNames.nowrap },
    },
    {
      id: 'interval',
      header: 'Checked',
      accessorFn: (alert) => ALERT_INTERVAL_LABELS[alert.interval as AlertInterval] ?? alert.interval,
      meta: { className: tableClassNames.nowrap },
    },
    {
      id: 'notifies',
      header: 'Notifies',
      accessorFn: (alert) => webhookOf(alert)?.name ?? alert.channel?.webhookId,
      sortUndefined: 'last',
      cell: ({ row: { original: alert } }) => {
        const webhook = webhookOf(alert);
        return webhook ? (
          <>
            <span className={tableClassNames.name}>{webhook.name}</span>
            <Badge tone="neutral">{webhook.service}</Badge>
          </>
        ) : (
          <span className={styles.mono}>
            <VisuallyHidden>Webhook id </VisuallyHidden>
            {alert.channel?.webhookId ?? '—'}
          </span>
        );
      },
    },
  ];
  if (!onAction) return columns;
  return [
    ...columns,
    {
      id: 'actions',
      header: 'Actions',
      enableSorting: false,
      meta: { phone: true, headerHidden: true, alwaysShown: true, className: tableClassNames.actions },
      cell: ({ row: { original: alert } }) => (
        <div className={tableClassNames.actionsInner}>
          <ActionMenu
            label={`Actions for ${alertName(alert)}`}
            items={[
              ...(canManage ? [{ label: 'Edit', onSelect: () => onAction('edit', alert) }] : []),
              { label: 'History', onSelect: () => onAction('history', alert) },
              { label: 'View as Terraform', onSelect: () => onAction('code', alert) },
              ...(canManage ? [{ label: 'Delete', onSelect: () => onAction('delete', alert), danger: true }] : []),
            ]}
          />
        </div>
      ),
    },
  ];
}

export function AlertsTable({ alerts, targets, webhooks, onAction, canManage = true }: AlertsTableProps) {
  const columns = useMemo(
    () => alertColumns({ targets, webhooks, onAction, canManage }),
    [targets, webhooks, onAction, canManage],
  );
  return <DataTable label="Alerts" data={alerts} columns={columns} getRowId={(alert) => alert.id} />;
}
