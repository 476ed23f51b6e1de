import type { Metadata } from 'next';
import { Suspense } from 'react';
import { DashboardRoute } from '@/components/dashboards/editor/dashboard-route';

export const metadata: Metadata = { title: 'Dashboard (managed)' };

export default function ManagedDashboardPage() {
  // The time range is read from the URL on the client.
  return (
    <Suspense>
      <DashboardRoute surface="managed" />
    </Suspense>
  );
}
