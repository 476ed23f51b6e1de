'use client';

import type { ColumnDef } from '@tanstack/react-table';
import { DateOnly } from '@/components/format/timestamp';
import { Badge } from '@/components/ui/badge';
import { DataTable } from '@/components/ui/data-table/data-table';
import { tableClassNames } from '@/components/ui/table';
import type { WebhookRecord } from '@/lib/api/webhooks/use-webhooks-query';
import { WEBHOOK_SERVICE_LABELS, webhookHost } from './source-kinds';
import styles from './sources.module.css';

const serviceLabel = (webhook: WebhookRecord) => WEBHOOK_SERVICE_LABELS[webhook.service] ?? webhook.service;

const COLUMNS: ColumnDef<WebhookRecord, unknown>[] = [
  {
    id: 'name',
    header: 'Name',
    accessorFn: (webhook) => webhook.name,
    meta: { phone: true, rowHeader: true },
    cell: ({ row: { original: webhook } }) => (
      <>
        <span className={tableClassNames.name}>{webhook.name}</span>
        {webhook.description && <span className={tableClassNames.meta}>{webhook.description}</span>}
      </>
    ),
  },
  {
    id: 'service',
    header: 'Service',
    accessorFn: serviceLabel,
    meta: { phone: true },
    cell: ({ row: { original: webhook } }) => <Badge tone="accent">{serviceLabel(webhook)}</Badge>,
  },
  {
    id: 'host',
    header: 'Posts to',
    accessorFn: (webhook) => webhookHost(webhook.url) || undefined,
    sortUndefined: 'last',
    cell: ({ row: { original: webhook } }) => <span className={styles.mono}>{webhookHost(webhook.url) || '—'}</span>,
  },
  {
    id: 'updated',
    header: 'Updated',
    accessorFn: (webhook) => (webhook.updatedAt ? Date.parse(webhook.updatedAt) : undefined),
    sortUndefined: 'last',
    meta: { className: tableClassNames.nowrap },
    cell: ({ row: { original: webhook } }) => (webhook.updatedAt ? <DateOnly value={webhook.updatedAt} /> : '—'),
  },
];

export function WebhooksTable({ webhooks }: { webhooks: readonly WebhookRecord[] }) {
  return <DataTable label="Webhooks" data={webhooks} columns={COLUMNS} getRowId={(webhook) => webhook.id} />;
}
