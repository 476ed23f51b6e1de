'use client';

import type { ColumnDef } from '@tanstack/react-table';
import Link from 'next/link';
import { useMemo } from 'react';
import { DataTable } from '@/components/ui/data-table/data-table';
import { tableClassNames } from '@/components/ui/table';
import type { ServicePipes } from '@/lib/api/services/use-organization-pipe-states-query';
import { servicePage } from '@/lib/console/service-paths';
import { serviceStateLabel } from '@/lib/services/service-state';
import { serviceWhere } from './service-label';
import { failedPipeCount, ServicePipeCounts } from './service-pipe-counts';
import { ServiceStateBadge } from './service-state-badge';
import styles from './services.module.css';
import { compareNatural } from '@/lib/format/compare';

const dash = <span className={styles.muted}>—</span>;

/**
 * The organization's services, each linked to its pipes (opening one makes it the user's service),
 * with its state, where it runs and its pipes by state. Services with failed pipes come first until
 * someone sorts otherwise; a phone keeps the name and the state as columns, the pipes under the name.
 */
const COLUMNS: ColumnDef<ServicePipes, unknown>[] = [
  {
    id: 'name',
    header: 'Service',
    accessorFn: (entry) => entry.service.name,
    meta: { phone: true, rowHeader: true, alwaysShown: true },
    // Not prefetched: a service page opened (even ahead, by a prefetch) becomes the user's default.
    cell: ({ row: { original: entry } }) => (
      <>
        <Link href={servicePage(entry.service.id, 'pipes')} className={styles.name} prefetch={false}>
          {entry.service.name}
        </Link>
        <div className={styles.folded}>
          <ServicePipeCounts entry={entry} />
        </div>
      </>
    ),
  },
  {
    id: 'state',
    header: 'State',
    accessorFn: (entry) => serviceStateLabel(entry.service.state),
    meta: { phone: true, className: tableClassNames.nowrap },
    cell: ({ row: { original: entry } }) => <ServiceStateBadge state={entry.service.state} />,
  },
  {
    id: 'where',
    header: 'Provider and region',
    accessorFn: (entry) => serviceWhere(entry.service) || undefined,
    sortUndefined: 'last',
    meta: { className: tableClassNames.nowrap },
    cell: ({ row: { original: entry } }) => serviceWhere(entry.service) || dash,
  },
  {
    id: 'failed',
    header: 'Failed pipes',
    accessorFn: failedPipeCount,
    sortUndefined: 'last',
    meta: { className: `${tableClassNames.nowrap} ${styles.number}` },
    cell: ({ row: { original: entry } }) => failedPipeCount(entry) ?? dash,
  },
  {
    // On a phone the counts fold under the name instead (see the name's cell), so no header is cut.
    id: 'pipes',
    header: 'Pipes by state',
    enableSorting: false,
    cell: ({ row: { original: entry } }) => <ServicePipeCounts entry={entry} />,
  },
];

export function ServicesTable({ entries }: { entries: readonly ServicePipes[] }) {
  // By name underneath ("Service 4" before "Service 10"): the default order (most failed pipes first)
  // keeps it among equals.
  const byName = useMemo(() => [...entries].sort((a, b) => compareNatural(a.service.name, b.service.name)), [entries]);
  return (
    <DataTable
      label="Services"
      data={byName}
      columns={COLUMNS}
      getRowId={(entry) => entry.service.id}
      defaultSort={{ id: 'failed', desc: true }}
      empty={<p className={styles.muted}>This organization has no services yet.</p>}
    />
  );
}
