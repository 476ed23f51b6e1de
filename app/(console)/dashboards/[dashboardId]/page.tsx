import type { Metadata } from 'next';
import { DashboardRoute } from '@/components/dashboards/editor/dashboard-route';
import { PreloadChartCode } from '@/components/dashboards/editor/preload-chart-code';
import { prefetchDashboard } from '@/lib/server/pages/prefetch-dashboard';
import { PrefetchedState } from '@/components/query/prefetched-state';

export const metadata: Metadata = { title: 'Dashboard' };

export default async function DashboardPage({ params }: { params: Promise<{ dashboardId: string }> }) {
  const { dashboardId } = await params;
  // The dashboard comes with the page when the upstream answers at once; otherwise the browser reads
  // it. Outside the (streamed) group, the page is sent whole: no skeleton first, nothing revealed late.
  const state = await prefetchDashboard(dashboardId);
  return (
    <PrefetchedState state={state}>
      <PreloadChartCode />
      <DashboardRoute surface="oss" />
    </PrefetchedState>
  );
}
