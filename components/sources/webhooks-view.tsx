'use client';

import { DateOnly } from '@/components/format/timestamp';
import { SurfaceSwitch } from '@/components/observability/surface-switch';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { TableSkeleton } from '@/components/ui/skeleton';
import { Table, tableClassNames } from '@/components/ui/table';
import { useWebhooksQuery } from '@/lib/api/webhooks/use-webhooks-query';
import { ObservabilityListTabs } from './observability-tabs';
import { WEBHOOK_SERVICE_LABELS, webhookHost } from './source-kinds';
import styles from './sources.module.css';

/** The read-only webhooks list (open-source surface only; headers and secrets are never returned). */
export function WebhooksView() {
  const webhooks = useWebhooksQuery();
  const list = webhooks.data ?? [];
  return (
    <>
      <PageHeader
        title="Sources & webhooks"
        description="Where charts read their data, and where alerts send notifications. Read-only here."
      />
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
          <Table label="Webhooks">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Service</th>
                <th scope="col">Posts to</th>
                <th scope="col">Updated</th>
              </tr>
            </thead>
            <tbody>
              {list.map((webhook) => (
                <tr key={webhook.id}>
                  <th scope="row">
                    <span className={tableClassNames.name}>{webhook.name}</span>
                    {webhook.description && <span className={tableClassNames.meta}>{webhook.description}</span>}
                  </th>
                  <td>
                    <Badge tone="accent">{WEBHOOK_SERVICE_LABELS[webhook.service] ?? webhook.service}</Badge>
                  </td>
                  <td>
                    <span className={styles.mono}>{webhookHost(webhook.url) || '—'}</span>
                  </td>
                  <td className={tableClassNames.nowrap}>
                    {webhook.updatedAt ? <DateOnly value={webhook.updatedAt} /> : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </div>
    </>
  );
}
