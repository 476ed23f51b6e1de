import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PipesView } from '@/components/pipes/pipes-view';
import { Prefetched } from '../../../../prefetched';

export const metadata: Metadata = { title: 'Pipes' };

export default async function PipesPage({ params }: { params: Promise<{ serviceId: string }> }) {
  const { serviceId } = await params;
  // The filters are read from the URL on the client; the list comes with the page when the upstream answers at once.
  return (
    <Prefetched reads={['pipes']} serviceId={serviceId}>
      {() => (
        <Suspense>
          <PipesView />
        </Suspense>
      )}
    </Prefetched>
  );
}
