'use client';

import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table/data-table';
import { tableClassNames } from '@/components/ui/table';
import { describeApiError } from '@/lib/api/error-message';
import { useDeliveryRetryMutation } from '@/lib/api/notification-settings/use-delivery-retry-mutation';
import type { DeliveryView } from '@/lib/schemas/notifications';
import styles from './notifications.module.css';
import { formatDateTimeToSecond, formatTimeToSecond } from '@/components/format/time';

const STATUS: Record<DeliveryView['status'], { label: string; tone: 'success' | 'warning' | 'danger' | 'neutral' }> = {
  delivered: { label: 'Delivered', tone: 'success' },
  pending: { label: 'Waiting to retry', tone: 'warning' },
  sending: { label: 'Sending', tone: 'neutral' },
  failed: { label: 'Given up', tone: 'danger' },
};

type Retry = ReturnType<typeof useDeliveryRetryMutation>;

function deliveryColumns(retry: Retry): ColumnDef<DeliveryView, unknown>[] {
  // One retry at a time: its pending state and its error belong to the row it was asked for.
  const retrying = (delivery: DeliveryView) => retry.variables === delivery.id;
  return [
    {
      id: 'message',
      header: 'Message',
      accessorFn: (delivery) => Date.parse(delivery.createdAt),
      sortDescFirst: true,
      meta: { phone: true },
      cell: ({ row: { original: delivery } }) => (
        <>
          {delivery.summary}
          <div className={styles.meta}>
            <time dateTime={delivery.createdAt}>{formatDateTimeToSecond(delivery.createdAt)}</time> · {delivery.state}
          </div>
          {retry.error && retrying(delivery) && (
            <div className={styles.testResult} role="alert">
              {describeApiError(retry.error)}
            </div>
          )}
        </>
      ),
    },
    {
      id: 'channel',
      header: 'Channel',
      accessorFn: (delivery) => delivery.channelName ?? 'A deleted channel',
    },
    {
      id: 'status',
      header: 'Status',
      accessorFn: (delivery) => STATUS[delivery.status].label,
      meta: { phone: true },
      cell: ({ row: { original: delivery } }) => (
        <>
          <Badge tone={STATUS[delivery.status].tone} dot>
            {STATUS[delivery.status].label}
          </Badge>
          {delivery.nextAttemptAt && (
            <div className={styles.meta}>
              Next try <time dateTime={delivery.nextAttemptAt}>{formatTimeToSecond(delivery.nextAttemptAt)}</time>
            </div>
          )}
        </>
      ),
    },
    {
      id: 'attempts',
      header: 'Attempts',
      accessorFn: (delivery) => delivery.attempts.length,
      cell: ({ row: { original: delivery } }) =>
        delivery.attempts.length === 0 ? (
          <span className={styles.meta}>Not tried yet</span>
        ) : (
          <ol className={styles.attempts} aria-label="Attempts">
            {delivery.attempts.map((attempt, index) => (
              <li key={index}>
                {attempt.outcome === 'delivered' ? 'Delivered' : 'Failed'}
                {attempt.responseCode ? ` (${attempt.responseCode})` : ''} in {attempt.durationMs} ms
                {attempt.error ? `: ${attempt.error}` : ''}
              </li>
            ))}
          </ol>
        ),
    },
    {
      id: 'actions',
      header: () => <span className={styles.meta}>Actions</span>,
      enableSorting: false,
      meta: { phone: true, label: 'Actions', alwaysShown: true, className: tableClassNames.actions },
      cell: ({ row: { original: delivery } }) =>
        delivery.status !== 'delivered' && (
          <div className={tableClassNames.actionsInner}>
            <Button
              size="sm"
              loading={retry.isPending && retrying(delivery)}
              onClick={() => retry.mutate(delivery.id)}
              aria-label={`Retry now: ${delivery.summary}`}
            >
              Retry now
            </Button>
          </div>
        ),
    },
  ];
}

export function DeliveriesTable({ deliveries }: { deliveries: readonly DeliveryView[] }) {
  const retry = useDeliveryRetryMutation();
  const columns = useMemo(() => deliveryColumns(retry), [retry]);
  return <DataTable label="Deliveries" data={deliveries} columns={columns} getRowId={(delivery) => delivery.id} />;
}
