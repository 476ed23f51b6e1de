import type { Metadata } from 'next';
import { Suspense, type ComponentType } from 'react';
import {
  DashboardsSection,
  EndpointsSection,
  KeysSection,
  OverviewGrid,
  OverviewHeader,
  PipesSection,
  SectionPending,
  type Waiting,
} from '@/components/overview/overview-view';
import type { RecordRead } from '@/lib/server/pages/prefetch-records';
import { Prefetched } from './prefetched';

export const metadata: Metadata = { title: 'Overview' };

const CARDS: Array<{
  title: string;
  reads: RecordRead[];
  upstream: Waiting['upstream'];
  Section: ComponentType<{ budget?: string }>;
}> = [
  { title: 'Pipes', reads: ['pipes'], upstream: 'the cloud API', Section: PipesSection },
  { title: 'API keys expiring soon', reads: ['keys'], upstream: 'the cloud API', Section: KeysSection },
  {
    title: 'Private endpoints',
    reads: ['organization', 'service'],
    upstream: 'the cloud API',
    Section: EndpointsSection,
  },
  { title: 'Dashboards', reads: ['dashboards'], upstream: 'the observability API', Section: DashboardsSection },
];

/**
 * Every card's reads start with the page, on the server and side by side, and each card is sent as
 * soon as its own reads answer: one slow upstream holds back its card only.
 */
export default function OverviewPage() {
  return (
    <>
      <OverviewHeader />
      <OverviewGrid>
        {CARDS.map(({ title, reads, upstream, Section }) => (
          <Suspense key={title} fallback={<SectionPending title={title} waiting={{ upstream }} />}>
            <Prefetched reads={reads}>{(budget) => <Section budget={budget} />}</Prefetched>
          </Suspense>
        ))}
      </OverviewGrid>
    </>
  );
}
