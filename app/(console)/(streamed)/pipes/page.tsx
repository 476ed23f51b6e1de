import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PipesView } from '@/components/pipes/pipes-view';

export const metadata: Metadata = { title: 'Pipes' };

export default function PipesPage() {
  // The filters are read from the URL on the client.
  return (
    <Suspense>
      <PipesView />
    </Suspense>
  );
}
