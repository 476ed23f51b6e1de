import type { Metadata } from 'next';
import { Suspense } from 'react';
import { DashboardsView } from '@/components/dashboards/dashboards-view';

export const metadata: Metadata = { title: 'Dashboards' };

export default function DashboardsPage() {
  // The filters are read from the URL on the client.
  return (
    <Suspense>
      <DashboardsView surface="oss" />
    </Suspense>
  );
}
