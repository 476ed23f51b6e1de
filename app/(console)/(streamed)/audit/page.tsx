import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AuditView } from '@/components/audit/audit-view';
import { AUDIT_HEADING } from '@/components/shell/page-headings';
import { PageSkeleton } from '@/components/shell/page-skeleton';

export const metadata: Metadata = { title: 'Audit log' };

export default function AuditPage() {
  // The filters are read from the URL on the client. Reading them holds the view back on the
  // server: its fallback, sent in the first paint, is the page's own heading and description
  // (the page's largest text), not an empty space the view fills 300 ms or more later.
  return (
    <Suspense fallback={<PageSkeleton heading={AUDIT_HEADING} />}>
      <AuditView />
    </Suspense>
  );
}
