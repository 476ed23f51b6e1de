import type { Metadata } from 'next';
import { AlertsView } from '@/components/alerts/alerts-view';

export const metadata: Metadata = { title: 'Alerts (managed)' };

export default function ManagedAlertsPage() {
  return <AlertsView surface="managed" />;
}
