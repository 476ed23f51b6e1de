'use client';

import { SERVICES_HEADING } from '@/components/shell/page-headings';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { TableSkeleton } from '@/components/ui/skeleton';
import { useOrganizationPipeStatesQuery } from '@/lib/api/services/use-organization-pipe-states-query';
import { useConsole } from '@/lib/console/console-context';
import { ServicesTable } from './services-table';
import styles from './services.module.css';

/**
 * The organization's services on a page of their own: the overview's table (each name opens the
 * service's pipes), with the list's loading, empty and error states.
 */
export function ServicesView() {
  const { organizationId } = useConsole();
  const { services, perService } = useOrganizationPipeStatesQuery(organizationId);
  return (
    <>
      <PageHeader title={SERVICES_HEADING.title} description={SERVICES_HEADING.description} />
      {services.isPending ? (
        <TableSkeleton label="services" />
      ) : services.isError ? (
        <ErrorState
          title="Could not load the services"
          error={services.error}
          onRetry={() => services.refetch()}
          retrying={services.isFetching}
        />
      ) : perService.length === 0 ? (
        <EmptyState title="No services yet">
          This organization has no services. Services are created with the cloud API or in its console; each one appears
          here once it exists.
        </EmptyState>
      ) : (
        <>
          <ServicesTable entries={perService} />
          <p className={`${styles.muted} ${styles.note}`}>
            Pipe states as the newest metrics scrape saw them; a service&apos;s Pipes page shows them live.
          </p>
        </>
      )}
    </>
  );
}
