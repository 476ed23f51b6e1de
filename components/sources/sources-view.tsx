'use client';

import { SurfaceSwitch } from '@/components/observability/surface-switch';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { TableSkeleton } from '@/components/ui/skeleton';
import { Table, tableClassNames } from '@/components/ui/table';
import { useSourcesQuery } from '@/lib/api/dashboards/use-sources-query';
import { useSurfaceTarget } from '@/lib/api/dashboards/use-surface-target';
import type { Surface } from '@/lib/observability/surface';
import { ObservabilityListTabs } from './observability-tabs';
import { SOURCE_KIND_LABELS } from './source-kinds';
import styles from './sources.module.css';

/** What the list reads of a source; the record carries more, which differs by kind. */
interface SourceRow {
  id: string;
  name: string;
  kind?: string;
  from?: { databaseName?: string; tableName?: string };
  serviceNameExpression?: string;
}

/** The read-only sources list of one surface. */
export function SourcesView({ surface }: { surface: Surface }) {
  const sources = useSourcesQuery(useSurfaceTarget(surface));
  const list = (sources.data ?? []) as SourceRow[];
  return (
    <>
      <PageHeader
        title="Sources & webhooks"
        description="Where charts read their data, and where alerts send notifications. Read-only here."
      />
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
          <Table label="Sources">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Kind</th>
                <th scope="col">Table</th>
                <th scope="col">Service field</th>
              </tr>
            </thead>
            <tbody>
              {list.map((source) => (
                <tr key={source.id}>
                  <th scope="row">
                    <span className={tableClassNames.name}>{source.name}</span>
                    <span className={styles.mono}>{source.id}</span>
                  </th>
                  <td>
                    <Badge tone="accent">{SOURCE_KIND_LABELS[source.kind ?? ''] ?? source.kind ?? '—'}</Badge>
                  </td>
                  <td>
                    <span className={styles.mono}>
                      {[source.from?.databaseName, source.from?.tableName].filter(Boolean).join('.') || '—'}
                    </span>
                  </td>
                  <td>
                    <span className={styles.mono}>{source.serviceNameExpression ?? '—'}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </div>
    </>
  );
}
