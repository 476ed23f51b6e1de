import type { SessionUser } from '@/lib/auth/roles';
import { ROLE_LABELS } from '@/lib/console/console-context';
import { ChevronIcon } from './icons';
import styles from './user-menu.module.css';

/** The account menu button's accessible name, the same on the stand-in and the real menu. */
export function accountMenuLabel(user: SessionUser): string {
  return `Account menu, signed in as ${user.name} (${ROLE_LABELS[user.role]})`;
}

/** What the account menu's button shows: who is signed in, with which role. */
export function UserMenuFace({ user }: { user: SessionUser }) {
  return (
    <>
      <span className={styles.avatar} aria-hidden="true">
        {user.name.slice(0, 1)}
      </span>
      <span className={styles.who}>
        <span className={styles.name}>{user.name}</span>
        <span className={styles.role}>{ROLE_LABELS[user.role]}</span>
      </span>
      <ChevronIcon />
    </>
  );
}
