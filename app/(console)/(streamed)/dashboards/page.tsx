import type { Metadata } from 'next';
import { Suspense } from 'react';
import { DashboardsView } from '@/components/dashboards/dashboards-view';
import { Prefetched } from '../../prefetched';

export const metadata: Metadata = { title: 'Dashboards' };

export default function DashboardsPage() {
  // The filters are read from the URL on the client; the list comes with the page when the upstream answers at once.
  return (
    <Prefetched reads={['dashboards']}>
      {() => (
        <Suspense>
          <DashboardsView surface="oss" />
        </Suspense>
      )}
    </Prefetched>
  );
}
