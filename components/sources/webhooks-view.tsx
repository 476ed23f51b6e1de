'use client';

import { SurfaceSwitch } from '@/components/observability/surface-switch';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { SOURCES_HEADING } from '@/components/shell/page-headings';
import { TableSkeleton } from '@/components/ui/skeleton';
import { useWebhooksQuery } from '@/lib/api/webhooks/use-webhooks-query';
import { ObservabilityListTabs } from './observability-tabs';
import styles from './sources.module.css';
import { WebhooksTable } from './webhooks-table';

/** The read-only webhooks list (open-source surface only; headers and secrets are never returned). */
export function WebhooksView() {
  const webhooks = useWebhooksQuery();
  const list = webhooks.data ?? [];
  return (
    <>
      <PageHeader title={SOURCES_HEADING.title} description={SOURCES_HEADING.description} />
      <div className={styles.toolbar}>
        <SurfaceSwitch surface="oss" page="sources" />
        <ObservabilityListTabs surface="oss" current="webhooks" />
        {webhooks.isPending ? (
          <TableSkeleton label="webhooks" />
        ) : webhooks.isError ? (
          <ErrorState
            title="Could not load webhooks"
            error={webhooks.error}
            onRetry={() => webhooks.refetch()}
            retrying={webhooks.isFetching}
          />
        ) : list.length === 0 ? (
          <EmptyState title="No webhooks">
            Create webhooks in the observability service; alerts can then notify them.
          </EmptyState>
        ) : (
          <WebhooksTable webhooks={list} />
        )}
      </div>
    </>
  );
}
