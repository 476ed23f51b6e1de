import type { Metadata } from 'next';
import { InboxView } from '@/components/notifications/inbox-view';

export const metadata: Metadata = { title: 'Notifications' };

export default function NotificationsPage() {
  return <InboxView />;
}
