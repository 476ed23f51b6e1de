import type { Metadata } from 'next';
import { Suspense } from 'react';
import { DashboardEditor } from '@/components/dashboards/editor/dashboard-editor';

export const metadata: Metadata = { title: 'Dashboard' };

export default async function DashboardPage({ params }: { params: Promise<{ dashboardId: string }> }) {
  const { dashboardId } = await params;
  // The time range is read from the URL on the client.
  return (
    <Suspense>
      <DashboardEditor surface="oss" id={dashboardId} />
    </Suspense>
  );
}
