import type { Metadata } from 'next';
import { AdminsOnly } from '@/components/notifications/admins-only';
import { DeliveriesView } from '@/components/notifications/deliveries-view';

export const metadata: Metadata = { title: 'Notification deliveries' };

export default function NotificationDeliveriesPage() {
  return (
    <AdminsOnly title="Notification deliveries">
      <DeliveriesView />
    </AdminsOnly>
  );
}
