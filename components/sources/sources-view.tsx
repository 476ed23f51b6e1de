'use client';

import { SurfaceSwitch } from '@/components/observability/surface-switch';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { SOURCES_HEADING } from '@/components/shell/page-headings';
import { TableSkeleton } from '@/components/ui/skeleton';
import { useSourcesQuery } from '@/lib/api/dashboards/use-sources-query';
import { useSurfaceTarget } from '@/lib/api/dashboards/use-surface-target';
import type { Surface } from '@/lib/observability/surface';
import { ObservabilityListTabs } from './observability-tabs';
import { SourcesTable, type SourceRow } from './sources-table';
import styles from './sources.module.css';

/** The read-only sources list of one surface. */
export function SourcesView({ surface }: { surface: Surface }) {
  const sources = useSourcesQuery(useSurfaceTarget(surface));
  const list = (sources.data ?? []) as SourceRow[];
  return (
    <>
      <PageHeader title={SOURCES_HEADING.title} description={SOURCES_HEADING.description} />
      <div className={styles.toolbar}>
        <SurfaceSwitch surface={surface} page="sources" />
        <ObservabilityListTabs surface={surface} current="sources" />
        {sources.isPending ? (
          <TableSkeleton label="sources" />
        ) : sources.isError ? (
          <ErrorState
            title="Could not load sources"
            error={sources.error}
            onRetry={() => sources.refetch()}
            retrying={sources.isFetching}
          />
        ) : list.length === 0 ? (
          <EmptyState title="No sources">The observability service has no sources configured.</EmptyState>
        ) : (
          <SourcesTable sources={list} />
        )}
      </div>
    </>
  );
}
