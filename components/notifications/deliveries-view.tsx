'use client';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { TableSkeleton } from '@/components/ui/skeleton';
import { ActionsCell, Table } from '@/components/ui/table';
import { describeApiError } from '@/lib/api/error-message';
import { useDeliveriesQuery } from '@/lib/api/notification-settings/use-deliveries-query';
import { useDeliveryRetryMutation } from '@/lib/api/notification-settings/use-delivery-retry-mutation';
import type { DeliveryView } from '@/lib/schemas/notifications';
import { NotificationTabs } from './notification-tabs';
import styles from './notifications.module.css';

const STATUS: Record<DeliveryView['status'], { label: string; tone: 'success' | 'warning' | 'danger' | 'neutral' }> = {
  delivered: { label: 'Delivered', tone: 'success' },
  pending: { label: 'Waiting to retry', tone: 'warning' },
  sending: { label: 'Sending', tone: 'neutral' },
  failed: { label: 'Given up', tone: 'danger' },
};

function DeliveryRow({ delivery }: { delivery: DeliveryView }) {
  const retry = useDeliveryRetryMutation();
  const status = STATUS[delivery.status];
  return (
    <tr>
      <td>
        {delivery.summary}
        <div className={styles.meta}>
          <time dateTime={delivery.createdAt}>{new Date(delivery.createdAt).toLocaleString()}</time> · {delivery.state}
        </div>
        {retry.error && (
          <div className={styles.testResult} role="alert">
            {describeApiError(retry.error)}
          </div>
        )}
      </td>
      <td>{delivery.channelName ?? 'A deleted channel'}</td>
      <td>
        <Badge tone={status.tone} dot>
          {status.label}
        </Badge>
        {delivery.nextAttemptAt && (
          <div className={styles.meta}>
            Next try{' '}
            <time dateTime={delivery.nextAttemptAt}>{new Date(delivery.nextAttemptAt).toLocaleTimeString()}</time>
          </div>
        )}
      </td>
      <td>
        {delivery.attempts.length === 0 ? (
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
        )}
      </td>
      <ActionsCell>
        {delivery.status !== 'delivered' && (
          <Button
            size="sm"
            loading={retry.isPending}
            onClick={() => retry.mutate(delivery.id)}
            aria-label={`Retry now: ${delivery.summary}`}
          >
            Retry now
          </Button>
        )}
      </ActionsCell>
    </tr>
  );
}

export function DeliveriesView() {
  const deliveries = useDeliveriesQuery();
  return (
    <>
      <PageHeader
        title="Deliveries"
        description="Each message to each channel, its attempts (status, duration, response code), retried with back-off for up to a day."
      />
      <NotificationTabs />
      {deliveries.isPending ? (
        <TableSkeleton label="Loading deliveries" />
      ) : deliveries.isError ? (
        <ErrorState
          title="Could not load the deliveries"
          error={deliveries.error}
          onRetry={() => void deliveries.refetch()}
          retrying={deliveries.isFetching}
        />
      ) : deliveries.data.length === 0 ? (
        <EmptyState title="Nothing sent yet">Messages show here once a rule fires or a channel gets a test.</EmptyState>
      ) : (
        <Table label="Deliveries">
          <thead>
            <tr>
              <th scope="col">Message</th>
              <th scope="col">Channel</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">
                <span className={styles.meta}>Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {deliveries.data.map((delivery) => (
              <DeliveryRow key={delivery.id} delivery={delivery} />
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
