'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { DateTime } from '@/components/format/timestamp';
import { ROLE_LABELS, useCan, useConsole } from '@/components/shell/console-context';
import { ErrorState } from '@/components/ui/error-state';
import { GuardedButton } from '@/components/ui/guarded-button';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { Panel, Stack } from '@/components/ui/panel';
import { Skeleton } from '@/components/ui/skeleton';
import { usePipeQuery } from '@/lib/api/pipes/use-pipe-query';
import { kafkaEditableFields, listOr } from '@/lib/schemas/pipes/bounds';
import type { PipeRecord } from '@/lib/schemas/pipes/record';
import {
  destinationDefinitions,
  fieldMappingDefinitions,
  fieldLabel,
  scalingDefinitions,
  settingDefinitions,
  sourceDefinitions,
  tableMappingDefinitions,
  type Definition,
} from './pipe-definition';
import { pipeKindOf } from './pipe-format';
import type { PipeEditTarget } from './pipe-edit-dialogs';
import { pipeEditability, type Editability } from './pipe-editability';
import { PipeStateBadge } from './pipe-state-badge';
import { PipeTimeline, withObservedState, type TimelineEntry } from './pipe-timeline';
import styles from './pipes.module.css';

// Editors' controls load after the page, not in its first-load JavaScript: start/stop/delete with its
// Radix confirmation, and the edit dialogs with react-hook-form and the zod schemas.
const PipeActions = dynamic(() => import('./pipe-actions').then((m) => m.PipeActions), { ssr: false });
const PipeEditDialogs = dynamic(() => import('./pipe-edit-dialogs').then((m) => m.PipeEditDialogs), { ssr: false });

const EDITORS_ONLY = 'Only editors and admins can change pipes.';

interface EditButtonProps {
  editability: Editability;
  canManage: boolean;
  label: string;
  onClick: () => void;
}

/** Disabled with the reason when the role or the pipe's state does not allow the edit. */
function EditButton({ editability, canManage, label, onClick }: EditButtonProps) {
  return (
    <GuardedButton
      allowed={canManage && editability.allowed}
      reason={canManage ? (editability.reason ?? '') : EDITORS_ONLY}
      size="sm"
      onClick={onClick}
    >
      {label}
    </GuardedButton>
  );
}

/** "Consumer group" → "consumer group" for prose; "IAM role" stays. */
const inProse = (label: string) => (/^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label);
const KAFKA_EDITABLE = listOr(kafkaEditableFields.map((field) => inProse(fieldLabel(field)))).replace(/ or /, ' and ');
/** What the upstream refuses to change on a Kafka pipe (anything but `kafkaEditableFields`), and what to do instead. */
const KAFKA_FIXED_FIELDS = `After creation a Kafka pipe accepts changes only to its ${KAFKA_EDITABLE}; brokers, topics, format, consumer group, offset, schema registry, name, destination and field mappings are fixed. To change them, delete the pipe and create it again.`;

function Definitions({ items, label, empty = 'None' }: { items: Definition[]; label: string; empty?: string }) {
  if (items.length === 0) return <p className={styles.muted}>{empty}</p>;
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
  const [editing, setEditing] = useState<PipeEditTarget | null>(null);

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
  const kind = pipeKindOf(record);
  const editability = pipeEditability(record, kind);
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
            Your role, {ROLE_LABELS[user.role]}, can view pipes but not start, stop, edit or delete them. Only editors
            and admins can.
          </Notice>
        )}
        <Panel title="State timeline" description="States seen while this page is open.">
          <PipeTimeline entries={timeline} />
        </Panel>
        <Panel title="Overview">
          <PipeSummary pipe={record} />
        </Panel>
        <Panel
          title="Source"
          description={kind === 'kafka' ? KAFKA_FIXED_FIELDS : undefined}
          actions={
            kind === 'kafka' ? (
              <EditButton editability={{ allowed: true }} canManage={canManage} label="Edit connection" onClick={() => setEditing('connection')} />
            ) : undefined
          }
        >
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
        {kind === 'postgres' ? (
          <Panel title="Scaling">
            <p>
              All database pipes of this service share one CPU and memory allocation, set on the{' '}
              <Link href="/scaling" className={styles.inlineLink}>
                Database pipe scaling
              </Link>{' '}
              page.
            </p>
          </Panel>
        ) : (
          <Panel
            title="Scaling"
            actions={
              <EditButton editability={editability.scaling} canManage={canManage} label="Edit scaling" onClick={() => setEditing('scaling')} />
            }
          >
            <Definitions items={scalingDefinitions(record)} label="Scaling" />
          </Panel>
        )}
        <Panel
          title="Settings"
          description={editability.settings.allowed ? undefined : editability.settings.reason}
          actions={
            <EditButton editability={editability.settings} canManage={canManage} label="Edit settings" onClick={() => setEditing('settings')} />
          }
        >
          <Definitions items={settingDefinitions(record)} label="Settings" empty="None set; the defaults apply." />
        </Panel>
      </Stack>
      {canManage && (
        <PipeEditDialogs
          pipe={record}
          kind={kind}
          editing={editing}
          onClose={() => setEditing(null)}
          organizationId={organizationId}
          serviceId={serviceId}
          kafkaExplanation={KAFKA_FIXED_FIELDS}
        />
      )}
    </>
  );
}
