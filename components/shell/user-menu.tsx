'use client';

import type { SessionUser } from '@/lib/auth/roles';
import type { AccountInfo } from '@/lib/console/console-context';
import { loadedLater } from '@/components/ui/loaded-later';
import { useStandIn } from '@/components/ui/stand-in';
import { accountMenuLabel, UserMenuFace } from './user-menu-face';
import styles from './user-menu.module.css';

// The menu (Radix's dropdown and its positioning, ~20 KB gzip) is not part of every page's first
// load: a stand-in button is rendered on the server and until the menu is wanted.
const UserMenuDropdown = loadedLater(() => import('./user-menu-dropdown').then((m) => m.UserMenuDropdown));

export function UserMenu({ user, account }: { user: SessionUser; account?: AccountInfo }) {
  const { standInProps, handover, wanted } = useStandIn(UserMenuDropdown.preload);
  const standIn = (
    <div>
      <button type="button" className={styles.trigger} aria-label={accountMenuLabel(user)} {...standInProps}>
        <UserMenuFace user={user} />
      </button>
    </div>
  );
  return wanted ? <UserMenuDropdown user={user} account={account} handover={handover} fallback={standIn} /> : standIn;
}
