'use client';

import { usePathname } from 'next/navigation';
import { IntentLink } from '@/components/shell/intent-link';
import { hasRole } from '@/lib/auth/roles';
import { useConsole } from '@/lib/console/console-context';
import styles from './notifications.module.css';

const TABS = [
  { href: '/notifications', label: 'My notifications', admin: false },
  { href: '/notifications/channels', label: 'Channels', admin: true },
  { href: '/notifications/rules', label: 'Rules', admin: true },
  { href: '/notifications/deliveries', label: 'Deliveries', admin: true },
] as const;

/** The centre, and for admins the settings behind it. */
export function NotificationTabs() {
  const pathname = usePathname();
  const { user } = useConsole();
  const admin = hasRole(user.role, 'admin');
  if (!admin) return null;
  return (
    <nav aria-label="Notifications" className={styles.tabs}>
      {TABS.map((tab) => (
        <IntentLink
          key={tab.href}
          className={styles.tab}
          href={tab.href}
          aria-current={pathname === tab.href ? 'page' : undefined}
        >
          {tab.label}
        </IntentLink>
      ))}
    </nav>
  );
}
