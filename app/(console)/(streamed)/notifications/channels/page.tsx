import type { Metadata } from 'next';
import { AdminsOnly } from '@/components/notifications/admins-only';
import { ChannelsView } from '@/components/notifications/channels-view';

export const metadata: Metadata = { title: 'Notification channels' };

export default function NotificationChannelsPage() {
  return (
    <AdminsOnly title="Notification channels">
      <ChannelsView />
    </AdminsOnly>
  );
}
