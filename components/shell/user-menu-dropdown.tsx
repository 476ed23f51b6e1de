'use client';

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useRouter } from 'next/navigation';
import { lazy, Suspense, useRef, useState } from 'react';
import type { SessionUser } from '@/lib/auth/roles';
import { describeApiError } from '@/lib/api/error-message';
import { useSignOutMutation } from '@/lib/api/session/use-sign-out-mutation';
import { ROLE_LABELS, type AccountInfo } from '@/lib/console/console-context';
import { useTakeOver, type Handover } from '@/components/ui/stand-in';
import { accountMenuLabel, UserMenuFace } from './user-menu-face';
import { cx } from '@/components/ui/cx';
import menu from '@/components/ui/menu.module.css';
import styles from './user-menu.module.css';

// The form (react-hook-form, zod) loads when someone opens it, not with every page. React's own
// lazy rather than next/dynamic, whose loader would otherwise join every page's first load.
const PasswordDialog = lazy(() =>
  import('@/components/account/password-dialog').then((m) => ({ default: m.PasswordDialog })),
);

type Message = { tone: 'error' | 'success'; text: string };

function signInMethod(user: SessionUser, account: AccountInfo | undefined): string {
  if (user.method === 'sso') return `Signed in with ${account?.providerName ?? 'single sign-on'}`;
  return 'Signed in with a console password';
}

/** The account menu itself (Radix), loaded after the page by ./user-menu. */
export function UserMenuDropdown({
  user,
  account,
  handover,
}: {
  user: SessionUser;
  account?: AccountInfo;
  handover: Handover;
}) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  useTakeOver(triggerRef, handover);
  const router = useRouter();
  const signOut = useSignOutMutation();
  const [message, setMessage] = useState<Message | null>(null);
  const [changingPassword, setChangingPassword] = useState(false);
  const roleLabel = ROLE_LABELS[user.role];

  function handleSignOut() {
    setMessage(null);
    signOut.mutate(undefined, {
      onSuccess: () => {
        router.replace('/login');
        router.refresh();
      },
      onError: (cause) => setMessage({ tone: 'error', text: `Could not sign out: ${describeApiError(cause)}` }),
    });
  }

  return (
    <div>
      <DropdownMenu.Root defaultOpen={handover.open}>
        <DropdownMenu.Trigger ref={triggerRef} className={styles.trigger} aria-label={accountMenuLabel(user)}>
          <UserMenuFace user={user} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            className={cx(menu.content, styles.content)}
            side="top"
            align="start"
            sideOffset={6}
            collisionPadding={8}
          >
            <DropdownMenu.Label className={styles.label}>
              Signed in as <strong>{user.name}</strong>
              <br />
              Role: {roleLabel}
              <br />
              {signInMethod(user, account)}
            </DropdownMenu.Label>
            <DropdownMenu.Separator className={menu.separator} />
            {account?.passwordSetByEnvironment && (
              <p className={styles.note}>
                Your password is set by <code>CONSOLE_ADMIN_PASSWORD</code> where the console runs, so it cannot be
                changed here: change that variable and restart the console.
              </p>
            )}
            {account?.canChangePassword && (
              <DropdownMenu.Item
                className={menu.item}
                onSelect={() => {
                  setMessage(null);
                  setChangingPassword(true);
                }}
              >
                Change password…
              </DropdownMenu.Item>
            )}
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
      {message && (
        <p
          className={message.tone === 'error' ? styles.error : styles.success}
          role={message.tone === 'error' ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      )}
      {changingPassword && (
        <Suspense fallback={null}>
          <PasswordDialog
            open
            onOpenChange={setChangingPassword}
            onChanged={() => {
              setChangingPassword(false);
              setMessage({ tone: 'success', text: 'Password changed. Your other sessions have ended.' });
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
