import { HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PipeDetailView } from '@/components/pipes/pipe-detail-view';
import { consoleContext } from '@/lib/server/env';
import { prefetchPipe } from '@/lib/server/pages/prefetch-pipe';

export const metadata: Metadata = { title: 'Pipe' };

export default async function PipePage({ params }: { params: Promise<{ serviceId: string; pipeId: string }> }) {
  const { serviceId, pipeId } = await params;
  const { organizationId } = consoleContext();
  // The record comes with the page when the upstream answers at once; otherwise the browser reads it.
  const state = await prefetchPipe(organizationId, serviceId, pipeId);
  // The metrics' time range is read from the URL on the client.
  return (
    <HydrationBoundary state={state}>
      <Suspense>
        <PipeDetailView pipeId={pipeId} />
      </Suspense>
    </HydrationBoundary>
  );
}
