'use client';

/**
 * Everything the pipe page shows of a loaded pipe below its header: state timeline, definitions,
 * edit buttons and their dialogs. Loaded after the page, alongside the pipe's data, so the page's
 * first-load JavaScript stays within budget.
 */
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useState } from 'react';
import { DateTime } from '@/components/format/timestamp';
import { ROLE_LABELS, useCan, useConsole, useServiceRole } from '@/lib/console/console-context';
import { servicePage } from '@/lib/console/service-paths';
import { GuardedButton } from '@/components/ui/guarded-button';
import { Notice } from '@/components/ui/notice';
import { Panel, Stack } from '@/components/ui/panel';
import { useOnceTrue } from '@/components/ui/use-once-true';
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
import { PipeStateTimeline } from './history/pipe-state-timeline';
import styles from './pipes.module.css';

// The edit dialogs (their forms and zod schemas) load when someone reaches for an Edit button, so a
// page that is only read never evaluates them.
const loadEditDialogs = () => import('./pipe-edit-dialogs');
const PipeEditDialogs = dynamic(() => loadEditDialogs().then((m) => m.PipeEditDialogs), { ssr: false });
const preloadEditDialogs = () => void loadEditDialogs();

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
      onPointerEnter={preloadEditDialogs}
      onFocus={preloadEditDialogs}
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

export function PipeRecordPanels({ record }: { record: PipeRecord }) {
  const { organizationId, serviceId } = useConsole();
  const serviceRole = useServiceRole();
  const canManage = useCan('managePipes');
  const [editing, setEditing] = useState<PipeEditTarget | null>(null);
  const dialogsMounted = useOnceTrue(editing !== null);
  const kind = pipeKindOf(record);
  const editability = pipeEditability(record, kind);
  return (
    <>
      <Stack>
        {!canManage && (
          <Notice tone="neutral">
            Your role, {ROLE_LABELS[serviceRole]}, can view pipes but not start, stop, edit or delete them. Only editors
            and admins can.
          </Notice>
        )}
        <PipeStateTimeline
          organizationId={organizationId}
          serviceId={serviceId}
          pipeId={record.id}
          state={record.state}
        />
        <Panel title="Overview">
          <PipeSummary pipe={record} />
        </Panel>
        <Panel
          title="Source"
          description={kind === 'kafka' ? KAFKA_FIXED_FIELDS : undefined}
          actions={
            kind === 'kafka' ? (
              <EditButton
                editability={editability.connection}
                canManage={canManage}
                label="Edit connection"
                onClick={() => setEditing('connection')}
              />
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
              <Link href={servicePage(serviceId, 'scaling')} className={styles.inlineLink}>
                Database pipe scaling
              </Link>{' '}
              page.
            </p>
          </Panel>
        ) : (
          <Panel
            title="Scaling"
            actions={
              <EditButton
                editability={editability.scaling}
                canManage={canManage}
                label="Edit scaling"
                onClick={() => setEditing('scaling')}
              />
            }
          >
            <Definitions items={scalingDefinitions(record)} label="Scaling" />
          </Panel>
        )}
        <Panel
          title="Settings"
          description={editability.settings.allowed ? undefined : editability.settings.reason}
          actions={
            <EditButton
              editability={editability.settings}
              canManage={canManage}
              label="Edit settings"
              onClick={() => setEditing('settings')}
            />
          }
        >
          <Definitions items={settingDefinitions(record)} label="Settings" empty="None set; the defaults apply." />
        </Panel>
      </Stack>
      {canManage && dialogsMounted && (
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
