'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import Link from 'next/link';
import { useNow } from '@/components/format/use-now';
import { useCan, useConsole } from '@/lib/console/console-context';
import { servicePage } from '@/lib/console/service-paths';
import { buttonClassName } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { GuardedButton } from '@/components/ui/guarded-button';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { PIPES_HEADING } from '@/components/shell/page-headings';
import { usePipesQuery } from '@/lib/api/pipes/use-pipes-query';
import { useFailureReasonsQuery } from '@/lib/api/diagnosis/use-failure-reasons-query';
import { useServicePipeMetricsQuery } from '@/lib/api/pipe-metrics/use-service-pipe-metrics-query';
import { Notice } from '@/components/ui/notice';
import { PipeFilters } from './pipe-filters';
import {
  filterPipes,
  parsePipeFilters,
  pipeFiltersQuery,
  statesToOffer,
  type PipeFilters as Filters,
} from './pipe-state';
import { failedPipeIds } from './diagnosis/failure-reason';
import { PipesTable } from './pipes-table';
import styles from './pipes.module.css';

export function PipesView() {
  const { organizationId, serviceId } = useConsole();
  const now = useNow();
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const filters = parsePipeFilters(searchParams);
  const pipes = usePipesQuery(organizationId, serviceId);
  const metrics = useServicePipeMetricsQuery(organizationId, serviceId);
  const reasons = useFailureReasonsQuery(organizationId, serviceId, failedPipeIds(pipes.data ?? []));
  const metricsProblem = metrics.isError
    ? 'The console could not read them.'
    : metrics.data?.failure && !metrics.data.sampledAt
      ? metrics.data.failure.message
      : null;
  const canCreate = useCan('managePipes');
  const list = pipes.data ?? [];
  const shown = filterPipes(list, filters);

  // The filters live in the URL beside the table's sort, so that a filtered list can be shared and survives a reload.
  const setFilters = (next: Filters) =>
    router.replace(`${pathname}${pipeFiltersQuery(next, searchParams)}`, { scroll: false });

  return (
    <>
      <PageHeader
        title={PIPES_HEADING.title}
        description={PIPES_HEADING.description}
        actions={
          canCreate ? (
            <Link href={servicePage(serviceId, 'pipes', 'new')} className={buttonClassName('primary')}>
              Create pipe
            </Link>
          ) : (
            <GuardedButton allowed={false} reason="Only editors and admins can create pipes" variant="primary">
              Create pipe
            </GuardedButton>
          )
        }
      />
      <div className={styles.toolbar}>
        {pipes.isError ? (
          <ErrorState
            title="Could not load pipes"
            error={pipes.error}
            onRetry={() => pipes.refetch()}
            retrying={pipes.isFetching}
          />
        ) : !pipes.isPending && list.length === 0 ? (
          <EmptyState title="No pipes on this service yet">
            A pipe continuously loads data from a source into a table of this service.
          </EmptyState>
        ) : (
          <>
            {!pipes.isPending && (
              <PipeFilters filters={filters} states={statesToOffer(list, filters.state)} onChange={setFilters} />
            )}
            {metricsProblem && shown.length > 0 && (
              <Notice tone="warning" title="Metrics unavailable">
                {metricsProblem} States and definitions below are current.
              </Notice>
            )}
            <PipesTable
              pipes={shown}
              now={now}
              metrics={metrics.data?.pipes}
              reasons={reasons.data}
              loading={pipes.isPending}
              empty={
                <EmptyState title="No pipes match these filters">
                  Choose “All” in a filter to see more pipes.
                </EmptyState>
              }
            />
          </>
        )}
      </div>
    </>
  );
}
