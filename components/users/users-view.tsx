'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { useNow } from '@/components/format/use-now';
import { USERS_HEADING } from '@/components/shell/page-headings';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { TableSkeleton } from '@/components/ui/skeleton';
import { describeApiError } from '@/lib/api/error-message';
import { useServicesQuery } from '@/lib/api/services/use-services-query';
import {
  useUserDeleteMutation,
  useUserPasswordResetMutation,
  useUserUpdateMutation,
} from '@/lib/api/users/use-user-mutations';
import { useUsersQuery } from '@/lib/api/users/use-users-query';
import { ROLE_LABELS, useCan, useConsole } from '@/lib/console/console-context';
import type { UserPasswordResult, UserRecord } from '@/lib/schemas/users';
import { UserPasswordDialog } from './user-password-dialog';
import { UsersTable, type UserAction } from './users-table';

// The forms load after the page, not in its first-load JavaScript.
const UserAddDialog = dynamic(() => import('./user-add-dialog').then((m) => m.UserAddDialog), { ssr: false });
const UserServicesDialog = dynamic(() => import('./user-services-dialog').then((m) => m.UserServicesDialog), {
  ssr: false,
});

export function UsersView() {
  const { organizationId, user: me } = useConsole();
  const canManage = useCan('manageUsers');
  const now = useNow();
  const users = useUsersQuery({ enabled: canManage });
  const services = useServicesQuery(organizationId, { enabled: canManage });
  const updateUser = useUserUpdateMutation();
  const resetPassword = useUserPasswordResetMutation();
  const removeUser = useUserDeleteMutation();
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<{ title: string; result: UserPasswordResult } | null>(null);
  const [pending, setPending] = useState<{ action: UserAction; user: UserRecord } | null>(null);
  const target = (action: UserAction) => (pending?.action === action ? pending.user : null);
  const close = (open: boolean) => {
    if (open) return;
    setPending(null);
    resetPassword.reset();
    removeUser.reset();
  };

  if (!canManage) {
    return (
      <>
        <PageHeader title={USERS_HEADING.title} description={USERS_HEADING.description} />
        <Notice tone="neutral">
          Only admins can see and manage users. Your role is {ROLE_LABELS[me.role]}; ask an admin to change it.
        </Notice>
      </>
    );
  }

  const addButton = (
    <Button variant="primary" onClick={() => setAdding(true)}>
      Add user
    </Button>
  );

  return (
    <>
      <PageHeader
        title={USERS_HEADING.title}
        description={USERS_HEADING.description}
        actions={users.isSuccess ? addButton : undefined}
      />
      {updateUser.isError && (
        <Notice tone="danger">Could not change the role: {describeApiError(updateUser.error)}</Notice>
      )}
      {users.isPending ? (
        <TableSkeleton label="Users" />
      ) : users.isError ? (
        <ErrorState
          title="Could not load users"
          error={users.error}
          onRetry={() => users.refetch()}
          retrying={users.isFetching}
        />
      ) : (
        <UsersTable
          users={users.data}
          now={now}
          currentName={me.name}
          services={services.data ?? []}
          savingRole={updateUser.isPending ? updateUser.variables?.name : undefined}
          onRoleChange={(user, role) => updateUser.mutate({ name: user.id, patch: { role } })}
          onAction={(action, user) => setPending({ action, user })}
        />
      )}

      <UserAddDialog
        open={adding}
        onOpenChange={setAdding}
        onAdded={(result) => {
          setAdding(false);
          setShown({ title: `User “${result.user.name}” added`, result });
        }}
      />
      <UserPasswordDialog shown={shown} onDone={() => setShown(null)} />
      <UserServicesDialog
        user={target('services')}
        services={services.data ?? []}
        servicesError={services.isError ? describeApiError(services.error) : null}
        onOpenChange={close}
      />
      <ConfirmDialog
        open={target('password') !== null}
        onOpenChange={close}
        title={`Reset the password of “${pending?.user.name ?? ''}”?`}
        description="Sluice generates a new password and shows it once. Their current password stops working and their open sessions end."
        confirmLabel="Reset password"
        pending={resetPassword.isPending}
        error={resetPassword.isError ? describeApiError(resetPassword.error) : null}
        onConfirm={() => {
          const user = target('password');
          if (user)
            resetPassword.mutate(user.id, {
              onSuccess: (result) => {
                close(false);
                setShown({ title: `New password for “${result.user.name}”`, result });
              },
            });
        }}
      />
      <ConfirmDialog
        open={target('remove') !== null}
        onOpenChange={close}
        title={`Remove “${pending?.user.name ?? ''}”?`}
        description={
          pending?.user.method === 'sso'
            ? 'Their open sessions end now. Single sign-on users come back with their mapped role if they sign in again; remove them at the identity provider to keep them out.'
            : 'They can no longer sign in, and their open sessions end now. The audit log keeps what they did.'
        }
        confirmLabel="Remove user"
        confirmVariant="danger"
        pending={removeUser.isPending}
        error={removeUser.isError ? describeApiError(removeUser.error) : null}
        onConfirm={() => {
          const user = target('remove');
          if (user) removeUser.mutate(user.id, { onSuccess: () => close(false) });
        }}
      />
    </>
  );
}
