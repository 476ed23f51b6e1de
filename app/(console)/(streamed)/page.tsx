import type { Metadata } from 'next';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import {
  DashboardsSection,
  FailingPipesSection,
  KeysSection,
  OverviewGrid,
  OverviewHeader,
  OverviewWide,
  SectionPending,
  ServicesNote,
  ServicesSection,
  type Waiting,
} from '@/components/overview/overview-view';
import type { RecordRead } from '@/lib/server/pages/prefetch-records';
import { Prefetched } from '../prefetched';

export const metadata: Metadata = { title: 'Overview' };

const CARDS: Array<{
  title: string;
  reads: RecordRead[];
  upstream: Waiting['upstream'];
  Section: ComponentType<{ budget?: string }>;
  /** The card's closing line while it loads, the same as once loaded (see SectionPending). */
  pendingMore?: ReactNode;
  /** As wide as the grid: a table. */
  wide?: boolean;
}> = [
  // Failing pipes and expiring keys first: they are what needs someone now. The services' table
  // spans the grid, so it comes after the small cards, which then share a row.
  {
    title: 'Failing pipes',
    reads: ['servicesWithPipeStates'],
    upstream: 'the cloud API',
    Section: FailingPipesSection,
  },
  { title: 'API keys expiring soon', reads: ['keys'], upstream: 'the cloud API', Section: KeysSection },
  { title: 'Dashboards', reads: ['dashboards'], upstream: 'the observability API', Section: DashboardsSection },
  {
    title: 'Services',
    reads: ['servicesWithPipeStates'],
    upstream: 'the cloud API',
    Section: ServicesSection,
    pendingMore: <ServicesNote />,
    wide: true,
  },
];

/**
 * The whole organization: every card's reads start with the page, on the server and side by side
 * (the services' pipes by state from the newest pipe-metrics scrape, one organization-wide read for
 * every service, rather than a pipes list per service), and each card is sent as soon as its own
 * reads answer: one slow upstream holds back its card only.
 */
export default function OverviewPage() {
  return (
    <>
      <OverviewHeader />
      <OverviewGrid>
        {CARDS.map(({ title, reads, upstream, Section, pendingMore, wide }) => {
          const card = (
            <Suspense key={title} fallback={<SectionPending title={title} waiting={{ upstream }} more={pendingMore} />}>
              <Prefetched reads={reads}>{(budget) => <Section budget={budget} />}</Prefetched>
            </Suspense>
          );
          return wide ? <OverviewWide key={title}>{card}</OverviewWide> : card;
        })}
      </OverviewGrid>
    </>
  );
}
