'use client';

import dynamic from 'next/dynamic';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useCan, useConsole } from '@/lib/console/console-context';
import { servicePage } from '@/lib/console/service-paths';
import { BackLink } from '@/components/ui/back-link';
import { ErrorState } from '@/components/ui/error-state';
import { PipeHistory } from '@/components/history/pipe-history';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useNow } from '@/components/format/use-now';
import { usePipeMetricsQuery } from '@/lib/api/pipe-metrics/use-pipe-metrics-query';
import { usePipeQuery } from '@/lib/api/pipes/use-pipe-query';
import { parseMetricsRange, type MetricsRange } from '@/lib/pipes/metrics/views';
import { loadedLater } from '@/components/ui/loaded-later';
import { PipeHealthBanner } from './metrics/pipe-health-banner';
import { PipeMetricsPanel, preloadPipeMetricsBody } from './metrics/pipe-metrics-panel';
import { PipeActionsStandIn } from './pipe-actions-stand-in';
import { PipeStateBadge } from './pipe-state-badge';
import styles from './pipes.module.css';

// What shows a loaded pipe loads after the page, not in its first-load JavaScript: start/stop/delete
// with its Radix confirmation, and the panels with their definitions and edit dialogs.
// The commands are sent as disabled stand-ins in their place (nothing moves when they arrive).
const PipeActions = loadedLater(() => import('./pipe-actions').then((m) => m.PipeActions));
const loadPanels = () => import('./pipe-record-panels');
const PipeRecordPanels = dynamic(() => loadPanels().then((m) => m.PipeRecordPanels), { ssr: false });
// What the service's own tables say about the pipe: read after the page, with the panels.
const PipeDiagnosis = dynamic(() => import('./diagnosis/pipe-diagnosis').then((m) => m.PipeDiagnosis), {
  ssr: false,
  loading: () => <Skeleton height={96} />,
});

export function PipeDetailView({ pipeId }: { pipeId: string }) {
  const { organizationId, serviceId } = useConsole();
  const canManage = useCan('managePipes');
  const router = useRouter();
  const [deleting, setDeleting] = useState(false);
  const pipe = usePipeQuery(organizationId, serviceId, pipeId, { enabled: !deleting });
  const pathname = usePathname();
  const range = parseMetricsRange(useSearchParams().get('range'));
  const metrics = usePipeMetricsQuery(organizationId, serviceId, pipeId, range);
  const now = useNow(10_000);
  // The range lives in the URL, so a link shows the same window.
  const setRange = (next: MetricsRange) => router.replace(`${pathname}?range=${next}`, { scroll: false });

  // The panels' code is fetched at once, the metrics body's first: it fills the layout the server
  // sent, before the record's panels appear under it.
  useEffect(() => {
    void preloadPipeMetricsBody().finally(loadPanels);
  }, []);

  const backLink = <BackLink href={servicePage(serviceId, 'pipes')}>All pipes</BackLink>;

  if (pipe.isPending) {
    return (
      <>
        {backLink}
        <div role="status" aria-live="polite">
          <span className={styles.muted}>Loading pipe…</span>
          <Skeleton height={28} width="40%" />
        </div>
      </>
    );
  }
  if (pipe.isError) {
    return (
      <>
        {backLink}
        <ErrorState
          title="Could not load this pipe"
          error={pipe.error}
          onRetry={() => pipe.refetch()}
          retrying={pipe.isFetching}
        />
      </>
    );
  }

  const record = pipe.data;
  return (
    <>
      {backLink}
      <PageHeader
        title={record.name}
        description={
          <span className={styles.heading}>
            <span role="status" aria-label="Pipe state">
              <PipeStateBadge state={record.state} />
            </span>
          </span>
        }
        actions={
          <>
            <PipeHistory pipeId={pipeId} name={record.name} organizationId={organizationId} serviceId={serviceId} />
            {canManage && (
              <PipeActions
                pipe={record}
                organizationId={organizationId}
                serviceId={serviceId}
                onDeletingChange={setDeleting}
                onDeleted={() => router.push(servicePage(serviceId, 'pipes'))}
                fallback={<PipeActionsStandIn pipe={record} />}
              />
            )}
          </>
        }
      />
      <div className={styles.sections}>
        <PipeHealthBanner pipe={record} summary={metrics.data?.summary} />
        {/* A failed pipe's page starts with why; other pipes' with how they are doing. */}
        {record.state === 'Failed' && <PipeDiagnosis pipe={record} organizationId={organizationId} />}
        <PipeMetricsPanel pipe={record} metrics={metrics} range={range} onRangeChange={setRange} now={now} />
        {record.state !== 'Failed' && <PipeDiagnosis pipe={record} organizationId={organizationId} />}
        <PipeRecordPanels record={record} />
      </div>
    </>
  );
}
