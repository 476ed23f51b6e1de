'use client';

import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { TableSkeleton } from '@/components/ui/skeleton';
import { useDeliveriesQuery } from '@/lib/api/notification-settings/use-deliveries-query';
import { DeliveriesTable } from './deliveries-table';
import { NotificationTabs } from './notification-tabs';

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
        <DeliveriesTable deliveries={deliveries.data} />
      )}
    </>
  );
}
