'use client';

import Link from 'next/link';
import { ActionMenu, type ActionMenuItem } from '@/components/ui/action-menu';
import { Badge } from '@/components/ui/badge';
import { ActionsCell, Table, tableClassNames } from '@/components/ui/table';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
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

export function DashboardsTable({ surface, dashboards, onAction, canManage }: DashboardsTableProps) {
  const { serviceId } = useConsole();
  return (
    <Table label="Dashboards">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Tags</th>
          <th scope="col">Tiles</th>
          <th scope="col" className={tableClassNames.actions}>
            <VisuallyHidden>Actions</VisuallyHidden>
          </th>
        </tr>
      </thead>
      <tbody>
        {dashboards.map((dashboard) => {
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
            <tr key={dashboard.id}>
              <th scope="row" className={styles.nameCell}>
                <Link className={styles.nameLink} href={pagePath(surface, 'dashboards', serviceId, dashboard.id)}>
                  {dashboard.name}
                </Link>
              </th>
              <td>
                {dashboard.tags.length > 0 ? (
                  <span className={styles.tags}>
                    {dashboard.tags.map((tag) => (
                      <Badge key={tag} tone="accent">
                        {tag}
                      </Badge>
                    ))}
                  </span>
                ) : (
                  <span className={styles.muted}>None</span>
                )}
              </td>
              <td className={tableClassNames.nowrap}>{dashboard.tiles.length}</td>
              <ActionsCell>
                <ActionMenu label={`Actions for ${dashboard.name}`} items={items} />
              </ActionsCell>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
