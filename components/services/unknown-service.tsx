'use client';

import Link from 'next/link';
import { useParams } from 'next/navigation';
import { buttonClassName } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

/** A service page whose id the organization does not have: what was asked for, and the way back. */
export function UnknownService() {
  const params = useParams<{ serviceId?: string }>();
  const serviceId = typeof params?.serviceId === 'string' ? decodeURIComponent(params.serviceId) : '';
  return (
    <>
      <PageHeader title="No such service in this organization" />
      <EmptyState
        title={serviceId ? `There is no service “${serviceId}” here` : 'There is no such service here'}
        action={
          <Link className={buttonClassName('primary')} href="/">
            Go to the overview
          </Link>
        }
      >
        The link may be mistyped, or the service may belong to another organization or have been deleted. The overview
        lists every service of this organization.
      </EmptyState>
    </>
  );
}
