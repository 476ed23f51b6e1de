'use client';

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { SessionUser } from '@/lib/auth/roles';
import { describeApiError } from '@/lib/api/error-message';
import { useSignOutMutation } from '@/lib/api/session/use-sign-out-mutation';
import { ROLE_LABELS } from '@/lib/console/console-context';
import { ChevronIcon } from './icons';
import { cx } from '@/components/ui/cx';
import menu from '@/components/ui/menu.module.css';
import styles from './user-menu.module.css';

export function UserMenu({ user }: { user: SessionUser }) {
  const router = useRouter();
  const signOut = useSignOutMutation();
  const [error, setError] = useState<string | null>(null);
  const roleLabel = ROLE_LABELS[user.role];

  function handleSignOut() {
    setError(null);
    signOut.mutate(undefined, {
      onSuccess: () => {
        router.replace('/login');
        router.refresh();
      },
      onError: (cause) => setError(`Could not sign out: ${describeApiError(cause)}`),
    });
  }

  return (
    <div>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className={styles.trigger} aria-label={`Account menu, signed in as ${user.name} (${roleLabel})`}>
          <span className={styles.avatar} aria-hidden="true">
            {user.name.slice(0, 1)}
          </span>
          <span className={styles.who}>
            <span className={styles.name}>{user.name}</span>
            <span className={styles.role}>{roleLabel}</span>
          </span>
          <ChevronIcon />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className={cx(menu.content, styles.content)} side="top" align="start" sideOffset={6} collisionPadding={8}>
            <DropdownMenu.Label className={styles.label}>
              Signed in as <strong>{user.name}</strong>
              <br />
              Role: {roleLabel}
            </DropdownMenu.Label>
            <DropdownMenu.Separator className={menu.separator} />
            <DropdownMenu.Item
              className={menu.item}
              disabled={signOut.isPending}
              onSelect={(event) => {
                // Keep the menu mounted until the request settles.
                event.preventDefault();
                handleSignOut();
              }}
            >
              {signOut.isPending ? 'Signing out…' : 'Sign out'}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
