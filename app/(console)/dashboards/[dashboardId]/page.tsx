import type { Metadata } from 'next';
import { Suspense } from 'react';
import { DashboardRoute } from '@/components/dashboards/editor/dashboard-route';

export const metadata: Metadata = { title: 'Dashboard' };

export default function DashboardPage() {
  // The time range is read from the URL on the client.
  return (
    <Suspense>
      <DashboardRoute surface="oss" />
    </Suspense>
  );
}
