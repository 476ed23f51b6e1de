import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PipeDetailView } from '@/components/pipes/pipe-detail-view';

export const metadata: Metadata = { title: 'Pipe' };

export default async function PipePage({ params }: { params: Promise<{ pipeId: string }> }) {
  const { pipeId } = await params;
  // The metrics' time range is read from the URL on the client.
  return (
    <Suspense>
      <PipeDetailView pipeId={pipeId} />
    </Suspense>
  );
}
