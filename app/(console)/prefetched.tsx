import type { ReactNode } from 'react';
import { PrefetchedState } from '@/components/query/prefetched-state';
import { prefetchRecords, type RecordRead } from '@/lib/server/pages/prefetch-records';

/**
 * Renders `children` with the records its page reads already in the browser's query cache: the
 * part arrives painted instead of loading after the JavaScript. `budget` is the upstream budget's
 * sentence when a read found no room, so the part can say what it waits for.
 */
export async function Prefetched({
  reads,
  serviceId,
  children,
}: {
  reads: readonly RecordRead[];
  /** A service's page: its service, for the reads of a service (pipes, scaling, attachments). */
  serviceId?: string;
  children: (budget: string | undefined) => ReactNode;
}) {
  const { states, budget } = await prefetchRecords(reads, serviceId);
  return states.reduceRight<ReactNode>(
    (inner, state, index) => (
      <PrefetchedState key={index} state={state}>
        {inner}
      </PrefetchedState>
    ),
    children(budget),
  );
}
