'use client';

import { DateOnly, RelativeTime } from '@/components/format/timestamp';
import { ActionMenu } from '@/components/ui/action-menu';
import { Badge } from '@/components/ui/badge';
import { SelectField } from '@/components/ui/select-field';
import { ActionsCell, Table, tableClassNames } from '@/components/ui/table';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
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

export function UsersTable({ users, now, currentName, services, onRoleChange, savingRole, onAction }: UsersTableProps) {
  return (
    <Table label="Console users">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Role</th>
          <th scope="col">Per-service roles</th>
          <th scope="col">Signs in with</th>
          <th scope="col">Last sign-in</th>
          <th scope="col">Added</th>
          <th scope="col" className={tableClassNames.actions}>
            <VisuallyHidden>Actions</VisuallyHidden>
          </th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => {
          const serviceRoles = Object.entries(user.services);
          return (
            <tr key={user.id}>
              <th scope="row" className={styles.nameCell}>
                <span className={tableClassNames.name}>{user.name}</span>
                {(user.name === currentName || user.method === 'sso') && (
                  <span className={styles.meta}>
                    {user.name === currentName && <Badge tone="accent">You</Badge>}
                    {user.method === 'sso' && <span>{user.id}</span>}
                  </span>
                )}
              </th>
              <td>
                {user.fromEnvironment ? (
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
                )}
              </td>
              <td>
                {serviceRoles.length === 0 ? (
                  <span className={styles.muted}>Same everywhere</span>
                ) : (
                  <span className={styles.badges}>
                    {serviceRoles.map(([id, role]) => (
                      <Badge key={id} tone="neutral">
                        {ROLE_LABELS[role]} in {serviceName(services, id)}
                      </Badge>
                    ))}
                  </span>
                )}
              </td>
              <td>{signInLabel(user)}</td>
              <td className={tableClassNames.nowrap}>
                {user.lastSignInAt ? (
                  <RelativeTime value={user.lastSignInAt} now={now} />
                ) : (
                  <span className={styles.muted}>Never</span>
                )}
              </td>
              <td className={tableClassNames.nowrap}>
                {user.fromEnvironment ? (
                  <span className={styles.muted}>At start</span>
                ) : (
                  <DateOnly value={user.createdAt} />
                )}
              </td>
              <ActionsCell>
                {!user.fromEnvironment && (
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
                )}
              </ActionsCell>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
