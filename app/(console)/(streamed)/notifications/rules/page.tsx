import type { Metadata } from 'next';
import { AdminsOnly } from '@/components/notifications/admins-only';
import { RulesView } from '@/components/notifications/rules-view';

export const metadata: Metadata = { title: 'Notification rules' };

export default function NotificationRulesPage() {
  return (
    <AdminsOnly title="Notification rules">
      <RulesView />
    </AdminsOnly>
  );
}
