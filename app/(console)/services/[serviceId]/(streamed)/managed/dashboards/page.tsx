import type { Metadata } from 'next';
import { Suspense } from 'react';
import { DashboardsView } from '@/components/dashboards/dashboards-view';

export const metadata: Metadata = { title: 'Dashboards (managed)' };

export default function ManagedDashboardsPage() {
  // The filters are read from the URL on the client.
  return (
    <Suspense>
      <DashboardsView surface="managed" />
    </Suspense>
  );
}
