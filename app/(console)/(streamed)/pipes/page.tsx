import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PipesView } from '@/components/pipes/pipes-view';
import { Prefetched } from '../prefetched';

export const metadata: Metadata = { title: 'Pipes' };

export default function PipesPage() {
  // The filters are read from the URL on the client; the list comes with the page when the upstream answers at once.
  return (
    <Prefetched reads={['pipes']}>
      {() => (
        <Suspense>
          <PipesView />
        </Suspense>
      )}
    </Prefetched>
  );
}
