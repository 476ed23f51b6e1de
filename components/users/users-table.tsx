'use client';

import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { DateOnly, RelativeTime } from '@/components/format/timestamp';
import { ActionMenu } from '@/components/ui/action-menu';
import { Badge } from '@/components/ui/badge';
import { SelectField } from '@/components/ui/select-field';
import { DataTable } from '@/components/ui/data-table/data-table';
import { tableClassNames } from '@/components/ui/table';
import { ROLES } from '@/lib/auth/roles';
import { ROLE_LABELS } from '@/lib/console/console-context';
import type { ServiceSummary } from '@/lib/api/services/use-services-query';
import type { UserRecord, UserRole } from '@/lib/schemas/users';
import { signInLabel } from './user-labels';
import styles from './users.module.css';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

export type UserAction = 'services' | 'password' | 'remove';

export interface UsersTableProps {
  users: UserRecord[];
  now: number;
  /** The signed-in admin's own name, marked "you". */
  currentName: string;
  services: readonly ServiceSummary[];
  onRoleChange: (user: UserRecord, role: UserRole) => void;
  /** The user whose role is being saved: its select waits. */
  savingRole?: string;
  onAction: (action: UserAction, user: UserRecord) => void;
}

function serviceName(services: readonly ServiceSummary[], id: string): string {
  return services.find((service) => service.id === id)?.name ?? id;
}

function userColumns({
  now,
  currentName,
  services,
  onRoleChange,
  savingRole,
  onAction,
}: Omit<UsersTableProps, 'users'>): ColumnDef<UserRecord, unknown>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      accessorFn: (user) => user.name,
      meta: { phone: true, rowHeader: true, className: styles.nameCell, alwaysShown: true },
      cell: ({ row: { original: user } }) => (
        <>
          <span className={tableClassNames.name}>{user.name}</span>
          {(user.name === currentName || user.method === 'sso') && (
            <span className={styles.meta}>
              {user.name === currentName && <Badge tone="accent">You</Badge>}
              {user.method === 'sso' && <span>{user.id}</span>}
            </span>
          )}
        </>
      ),
    },
    {
      id: 'role',
      header: 'Role',
      accessorFn: (user) => ROLES.indexOf(user.role),
      meta: { phone: true },
      cell: ({ row: { original: user } }) =>
        user.fromEnvironment ? (
          <span>{ROLE_LABELS[user.role]}</span>
        ) : (
          <SelectField
            label={`Role of ${user.name}`}
            labelHidden
            className={styles.roleSelect}
            options={ROLE_OPTIONS}
            value={user.role}
            disabled={savingRole === user.id}
            onChange={(event) => onRoleChange(user, event.target.value as UserRole)}
          />
        ),
    },
    {
      id: 'services',
      header: 'Per-service roles',
      enableSorting: false,
      cell: ({ row: { original: user } }) => {
        const serviceRoles = Object.entries(user.services);
        return serviceRoles.length === 0 ? (
          <span className={styles.muted}>Same everywhere</span>
        ) : (
          <span className={styles.badges}>
            {serviceRoles.map(([id, role]) => (
              <Badge key={id} tone="neutral">
                {ROLE_LABELS[role]} in {serviceName(services, id)}
              </Badge>
            ))}
          </span>
        );
      },
    },
    {
      id: 'method',
      header: 'Signs in with',
      accessorFn: (user) => signInLabel(user),
      meta: { className: styles.method },
    },
    {
      id: 'lastSignIn',
      header: 'Last sign-in',
      accessorFn: (user) => (user.lastSignInAt ? Date.parse(user.lastSignInAt) : undefined),
      sortUndefined: 'last',
      meta: { className: tableClassNames.nowrap },
      cell: ({ row: { original: user } }) =>
        user.lastSignInAt ? (
          <RelativeTime value={user.lastSignInAt} now={now} />
        ) : (
          <span className={styles.muted}>Never</span>
        ),
    },
    {
      id: 'added',
      header: 'Added',
      accessorFn: (user) => (user.fromEnvironment ? undefined : Date.parse(user.createdAt)),
      sortUndefined: 'first',
      meta: { className: tableClassNames.nowrap },
      cell: ({ row: { original: user } }) =>
        user.fromEnvironment ? <span className={styles.muted}>At start</span> : <DateOnly value={user.createdAt} />,
    },
    {
      id: 'actions',
      header: 'Actions',
      enableSorting: false,
      meta: { phone: true, headerHidden: true, alwaysShown: true, className: tableClassNames.actions },
      cell: ({ row: { original: user } }) =>
        !user.fromEnvironment && (
          <div className={tableClassNames.actionsInner}>
            <ActionMenu
              label={`Actions for ${user.name}`}
              items={[
                { label: 'Per-service roles…', onSelect: () => onAction('services', user) },
                ...(user.method === 'password'
                  ? [{ label: 'Reset password…', onSelect: () => onAction('password', user) }]
                  : []),
                { label: 'Remove…', onSelect: () => onAction('remove', user), danger: true },
              ]}
            />
          </div>
        ),
    },
  ];
}

export function UsersTable({ users, now, currentName, services, onRoleChange, savingRole, onAction }: UsersTableProps) {
  const columns = useMemo(
    () => userColumns({ now, currentName, services, onRoleChange, savingRole, onAction }),
    [now, currentName, services, onRoleChange, savingRole, onAction],
  );
  return <DataTable label="Console users" data={users} columns={columns} getRowId={(user) => user.id} />;
}
