'use client';

import { usePathname } from 'next/navigation';
import { ScalingSummaryLoading } from '@/components/scaling/scaling-summary';
import { pageKindPath } from '@/lib/console/service-paths';
import { headingOfPage } from './page-headings';
import { PageSkeleton } from './page-skeleton';

/**
 * The loading state of a streamed page, chosen by its path: its own heading (and, on the scaling
 * page, what the allocation is for) where known before its data, the page's shape otherwise. One
 * fallback for the whole group rather than a loading.tsx per page: a page's own loading.tsx would
 * be a boundary inside the group's, revealed with the page, after the group's fallback was painted.
 */
export function RouteSkeleton() {
  const page = pageKindPath(usePathname());
  return (
    <PageSkeleton heading={headingOfPage(page)}>
      {page === '/scaling' ? <ScalingSummaryLoading /> : undefined}
    </PageSkeleton>
  );
}
