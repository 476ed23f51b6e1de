'use client';

import { usePathname } from 'next/navigation';
import { useInboxQuery } from '@/lib/api/notification-centre/use-inbox-query';
import { IntentLink } from '@/components/shell/intent-link';
import styles from './notifications.module.css';

function BellIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/** The shell's bell: the signed-in user's unread count, opening the centre. */
export function NotificationBell() {
  const { data } = useInboxQuery();
  const pathname = usePathname();
  const unread = data?.unread ?? 0;
  const label = unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`;
  return (
    <IntentLink
      className={styles.bell}
      href="/notifications"
      aria-label={label}
      title={label}
      aria-current={pathname === '/notifications' ? 'page' : undefined}
    >
      <BellIcon />
      {unread > 0 && (
        <span className={styles.count} aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </IntentLink>
  );
}
