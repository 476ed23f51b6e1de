import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AuditView } from '@/components/audit/audit-view';

export const metadata: Metadata = { title: 'Audit log' };

export default function AuditPage() {
  // The filters are read from the URL on the client.
  return (
    <Suspense>
      <AuditView />
    </Suspense>
  );
}
