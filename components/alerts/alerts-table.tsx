'use client';

import { ActionMenu } from '@/components/ui/action-menu';
import { Badge } from '@/components/ui/badge';
import { ActionsCell, Table, tableClassNames } from '@/components/ui/table';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import type { AlertTarget } from '@/lib/api/alerts/use-alert-targets-query';
import type { WebhookRecord } from '@/lib/api/webhooks/use-webhooks-query';
import { ALERT_INTERVAL_LABELS, type AlertInterval, type AlertRecord } from '@/lib/schemas/observability/alert-bounds';
import styles from './alerts.module.css';

export type AlertAction = 'edit' | 'delete';

export interface AlertsTableProps {
  alerts: readonly AlertRecord[];
  targets: readonly AlertTarget[];
  /** Undefined where the surface has no webhooks list: the id is shown. */
  webhooks?: readonly WebhookRecord[];
  /** Absent for roles that may not change alerts: the action column is then left out. */
  onAction?: (action: AlertAction, alert: AlertRecord) => void;
}

const THRESHOLD_WORDS: Record<string, string> = { above: 'Above', below: 'Below', equal: 'Equal to', not_equal: 'Not equal to' };

export function alertName(alert: AlertRecord): string {
  return alert.name?.trim() || 'Untitled alert';
}

export function AlertsTable({ alerts, targets, webhooks, onAction }: AlertsTableProps) {
  return (
    <Table label="Alerts">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Dashboard / tile</th>
          <th scope="col">Condition</th>
          <th scope="col">Checked</th>
          <th scope="col">Notifies</th>
          {onAction && (
            <th scope="col" className={tableClassNames.actions}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {alerts.map((alert) => {
          const dashboard = targets.find((d) => d.id === alert.dashboardId);
          const tile = dashboard?.tiles.find((t) => t.id === alert.tileId);
          const webhook = webhooks?.find((w) => w.id === alert.channel?.webhookId);
          return (
            <tr key={alert.id}>
              <th scope="row">
                <span className={tableClassNames.name}>{alertName(alert)}</span>
                {alert.message && <span className={tableClassNames.meta}>{alert.message}</span>}
              </th>
              <td>
                <span className={tableClassNames.name}>{dashboard?.name ?? alert.dashboardId ?? '—'}</span>
                <span className={tableClassNames.meta}>{tile?.name ?? (alert.tileId ? `Tile ${alert.tileId}` : '')}</span>
              </td>
              <td className={tableClassNames.nowrap}>
                {THRESHOLD_WORDS[alert.thresholdType] ?? alert.thresholdType} {alert.threshold}
              </td>
              <td className={tableClassNames.nowrap}>{ALERT_INTERVAL_LABELS[alert.interval as AlertInterval] ?? alert.interval}</td>
              <td>
                {webhook ? (
                  <>
                    <span className={tableClassNames.name}>{webhook.name}</span>
                    <Badge tone="neutral">{webhook.service}</Badge>
                  </>
                ) : (
                  <span className={styles.mono}>
                    <VisuallyHidden>Webhook id </VisuallyHidden>
                    {alert.channel?.webhookId ?? '—'}
                  </span>
                )}
              </td>
              {onAction && (
                <ActionsCell>
                  <ActionMenu
                    label={`Actions for ${alertName(alert)}`}
                    items={[
                      { label: 'Edit', onSelect: () => onAction('edit', alert) },
                      { label: 'Delete', onSelect: () => onAction('delete', alert), danger: true },
                    ]}
                  />
                </ActionsCell>
              )}
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
