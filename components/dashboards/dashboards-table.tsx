'use client';

import type { ColumnDef } from '@tanstack/react-table';
import Link from 'next/link';
import { useMemo } from 'react';
import { ActionMenu, type ActionMenuItem } from '@/components/ui/action-menu';
import { Badge } from '@/components/ui/badge';
import { DataTable } from '@/components/ui/data-table/data-table';
import { tableClassNames } from '@/components/ui/table';
import { useConsole } from '@/lib/console/console-context';
import { pagePath, type Surface } from '@/lib/observability/surface';
import type { Dashboard } from '@/lib/schemas/observability/dashboard';
import styles from './dashboards.module.css';

export type DashboardAction = 'details' | 'duplicate' | 'export' | 'delete';

export interface DashboardsTableProps {
  surface: Surface;
  dashboards: Dashboard[];
  /** Absent actions are left out of each row's menu (viewers can only export). */
  onAction: (action: DashboardAction, dashboard: Dashboard) => void;
  canManage: boolean;
}

function dashboardColumns({
  surface,
  onAction,
  canManage,
  serviceId,
}: Omit<DashboardsTableProps, 'dashboards'> & { serviceId: string }): ColumnDef<Dashboard, unknown>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      accessorFn: (dashboard) => dashboard.name,
      meta: { phone: true, rowHeader: true, className: styles.nameCell, alwaysShown: true },
      cell: ({ row: { original: dashboard } }) => (
        <Link className={styles.nameLink} href={pagePath(surface, 'dashboards', serviceId, dashboard.id)}>
          {dashboard.name}
        </Link>
      ),
    },
    {
      id: 'tags',
      header: 'Tags',
      accessorFn: (dashboard) => dashboard.tags.join(', '),
      cell: ({ row: { original: dashboard } }) =>
        dashboard.tags.length > 0 ? (
          <span className={styles.tags}>
            {dashboard.tags.map((tag) => (
              <Badge key={tag} tone="accent">
                {tag}
              </Badge>
            ))}
          </span>
        ) : (
          <span className={styles.muted}>None</span>
        ),
    },
    {
      id: 'tiles',
      header: 'Tiles',
      accessorFn: (dashboard) => dashboard.tiles.length,
      meta: { phone: true, className: tableClassNames.nowrap },
    },
    {
      id: 'actions',
      header: 'Actions',
      enableSorting: false,
      meta: { phone: true, headerHidden: true, alwaysShown: true, className: tableClassNames.actions },
      cell: ({ row: { original: dashboard } }) => {
        const items: ActionMenuItem[] = [
          ...(canManage
            ? [
                { label: 'Rename and tag…', onSelect: () => onAction('details', dashboard) },
                { label: 'Duplicate', onSelect: () => onAction('duplicate', dashboard) },
              ]
            : []),
          { label: 'Export JSON', onSelect: () => onAction('export', dashboard) },
          ...(canManage ? [{ label: 'Delete…', danger: true, onSelect: () => onAction('delete', dashboard) }] : []),
        ];
        return (
          <div className={tableClassNames.actionsInner}>
            <ActionMenu label={`Actions for ${dashboard.name}`} items={items} />
          </div>
        );
      },
    },
  ];
}

export function DashboardsTable({ surface, dashboards, onAction, canManage }: DashboardsTableProps) {
  const { serviceId } = useConsole();
  const columns = useMemo(
    () => dashboardColumns({ surface, onAction, canManage, serviceId }),
    [surface, onAction, canManage, serviceId],
  );
  return <DataTable label="Dashboards" data={dashboards} columns={columns} getRowId={(dashboard) => dashboard.id} />;
}
