'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { DateTime } from '@/components/format/timestamp';
import { ROLE_LABELS, useCan, useConsole } from '@/components/shell/console-context';
import { ErrorState } from '@/components/ui/error-state';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { Panel, Stack } from '@/components/ui/panel';
import { Skeleton } from '@/components/ui/skeleton';
import { usePipeQuery } from '@/lib/api/pipes/use-pipe-query';
import type { PipeRecord } from '@/lib/schemas/pipes';
import { PipeActions } from './pipe-actions';
import {
  definitionsOf,
  destinationDefinitions,
  fieldMappingDefinitions,
  sourceDefinitions,
  tableMappingDefinitions,
  type Definition,
} from './pipe-definition';
import { PipeStateBadge } from './pipe-state-badge';
import { PipeTimeline, withObservedState, type TimelineEntry } from './pipe-timeline';
import styles from './pipes.module.css';

function Definitions({ items, label }: { items: Definition[]; label: string }) {
  if (items.length === 0) return <p className={styles.muted}>None</p>;
  return (
    <dl className={styles.definitions} aria-label={label}>
      {items.map((item, index) => (
        <div key={`${index}-${item.label}`} className={styles.definitionRow}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function PipeSummary({ pipe }: { pipe: PipeRecord }) {
  return (
    <dl className={styles.definitions} aria-label="Pipe">
      <div className={styles.definitionRow}>
        <dt>ID</dt>
        <dd className={styles.mono}>{pipe.id}</dd>
      </div>
      <div className={styles.definitionRow}>
        <dt>Created</dt>
        <dd>
          <DateTime value={pipe.createdAt} />
        </dd>
      </div>
      <div className={styles.definitionRow}>
        <dt>Updated</dt>
        <dd>
          <DateTime value={pipe.updatedAt} />
        </dd>
      </div>
    </dl>
  );
}

export function PipeDetailView({ pipeId }: { pipeId: string }) {
  const { organizationId, serviceId, user } = useConsole();
  const canManage = useCan('managePipes');
  const router = useRouter();
  const [deleting, setDeleting] = useState(false);
  const pipe = usePipeQuery(organizationId, serviceId, pipeId, { enabled: !deleting });
  const [timeline, setTimeline] = useState<TimelineEntry[]>([]);

  // The states seen while the page is open, recorded as they arrive (render-time state update).
  const observed = pipe.data ? withObservedState(timeline, pipe.data.state, pipe.dataUpdatedAt) : timeline;
  if (observed !== timeline) setTimeline(observed);

  const backLink = (
    <Link href="/pipes" className={styles.backLink}>
      ← All pipes
    </Link>
  );

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
        <ErrorState title="Could not load this pipe" error={pipe.error} onRetry={() => pipe.refetch()} retrying={pipe.isFetching} />
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
          canManage ? (
            <PipeActions
              pipe={record}
              organizationId={organizationId}
              serviceId={serviceId}
              onDeletingChange={setDeleting}
              onDeleted={() => router.push('/pipes')}
            />
          ) : undefined
        }
      />
      <Stack>
        {!canManage && (
          <Notice tone="neutral">
            Your role, {ROLE_LABELS[user.role]}, can view pipes but not start, stop or delete them. Only editors and
            admins can.
          </Notice>
        )}
        <Panel title="State timeline" description="States seen while this page is open.">
          <PipeTimeline entries={timeline} />
        </Panel>
        <Panel title="Overview">
          <PipeSummary pipe={record} />
        </Panel>
        <Panel title="Source">
          <Definitions items={sourceDefinitions(record)} label="Source" />
        </Panel>
        {record.source.postgres && (
          <Panel title="Table mappings">
            <Definitions items={tableMappingDefinitions(record)} label="Table mappings" />
          </Panel>
        )}
        <Panel title="Destination">
          <Definitions items={destinationDefinitions(record)} label="Destination" />
        </Panel>
        <Panel title="Field mappings">
          <Definitions items={fieldMappingDefinitions(record)} label="Field mappings" />
        </Panel>
        <Panel title="Scaling">
          <Definitions items={definitionsOf(record.scaling)} label="Scaling" />
        </Panel>
        <Panel title="Settings">
          <Definitions items={definitionsOf(record.settings)} label="Settings" />
        </Panel>
      </Stack>
    </>
  );
}
