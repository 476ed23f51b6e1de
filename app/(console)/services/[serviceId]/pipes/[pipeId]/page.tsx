import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PipeDetailView } from '@/components/pipes/pipe-detail-view';
import { parseMetricsRange } from '@/lib/pipes/metrics/views';
import { consoleContext } from '@/lib/server/env';
import { prefetchPipe } from '@/lib/server/pages/prefetch-pipe';
import { prefetchPipeMetrics } from '@/lib/server/pages/prefetch-pipe-metrics';
import { PrefetchedState } from '@/components/query/prefetched-state';

export const metadata: Metadata = { title: 'Pipe' };

export default async function PipePage({
  params,
  searchParams,
}: {
  params: Promise<{ serviceId: string; pipeId: string }>;
  searchParams: Promise<{ range?: string | string[] }>;
}) {
  const { serviceId, pipeId } = await params;
  const { range } = await searchParams;
  const { organizationId } = consoleContext();
  // The record and the metrics of the range in the URL come with the page when they are at hand at
  // once (the first chart then needs no round trip); otherwise the browser reads them.
  const [pipe, metrics] = await Promise.all([
    prefetchPipe(organizationId, serviceId, pipeId),
    prefetchPipeMetrics(organizationId, serviceId, pipeId, parseMetricsRange(typeof range === 'string' ? range : null)),
  ]);
  return (
    <PrefetchedState state={pipe}>
      <PrefetchedState state={metrics}>
        <Suspense>
          <PipeDetailView pipeId={pipeId} />
        </Suspense>
      </PrefetchedState>
    </PrefetchedState>
  );
}
