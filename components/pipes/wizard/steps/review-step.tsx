'use client';

import { useMemo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { safeParse } from 'zod/v4/core';
import { CopyButton } from '@/components/ui/copy-button';
import { Notice } from '@/components/ui/notice';
import { useConsole } from '@/lib/console/console-context';
import {
  PIPE_KIND_LABELS,
  SCALING_BOUNDS,
  SCALING_KEYS,
  SETTINGS_BOUNDS,
  SETTING_KEYS,
  type PipeKind,
} from '@/lib/schemas/pipes/bounds';
import { pipeCreateSchema } from '@/lib/schemas/pipes/create';
import { pipeAsTerraform } from '@/lib/code/terraform-pipe';
import { curlCommand, maskSecrets, requestOnTheWire } from '../request-preview';
import { stepOwning, stepsFor, type WizardStepId } from '../wizard-steps';
import { splitList, toRequestInput } from '../wizard-request';
import type { WizardValues } from '../wizard-values';
import styles from '../wizard.module.css';

interface Problem {
  path: string;
  message: string;
  step: WizardStepId;
}

export function ReviewStep({ onGoTo }: { onGoTo: (step: WizardStepId, path?: string) => void }) {
  const { control } = useFormContext<WizardValues>();
  const values = useWatch({ control }) as WizardValues;
  const { organizationId, serviceId } = useConsole();
  const kind = values.kind as PipeKind;

  const checked = useMemo(() => safeParse(pipeCreateSchema, toRequestInput(values)), [values]);
  const problems: Problem[] = checked.success
    ? []
    : checked.error.issues.map((issue) => {
        const path = issue.path.join('.');
        return { path, message: issue.message, step: stepOwning(path, kind) };
      });
  const titleOf = (step: WizardStepId) => stepsFor(kind).find((s) => s.id === step)?.title ?? step;

  return (
    <>
      {problems.length > 0 && (
        <Notice tone="danger" title="Some answers need attention before the pipe can be created">
          <ul className={styles.problems}>
            {problems.map((problem) => (
              <li key={`${problem.path}:${problem.message}`}>
                {problem.message}{' '}
                <button type="button" className={styles.linkButton} onClick={() => onGoTo(problem.step, problem.path)}>
                  Fix in {titleOf(problem.step)}
                </button>
              </li>
            ))}
          </ul>
        </Notice>
      )}
      <section aria-labelledby="review-summary" className={styles.group}>
        <h3 id="review-summary" className={styles.groupTitle}>
          Summary
        </h3>
        <dl className={styles.summary}>
          <dt>Name</dt>
          <dd>{values.name || '—'}</dd>
          <dt>Source</dt>
          <dd>{kind ? `${PIPE_KIND_LABELS[kind]}: ${describeSource(values)}` : '—'}</dd>
          <dt>Destination</dt>
          <dd>{describeDestination(values)}</dd>
          {kind !== 'postgres' && (
            <>
              <dt>Field mappings</dt>
              <dd>
                {values.fieldMappings.map((m) => `${m.sourceField || '?'} → ${m.destinationField}`).join(', ') || '—'}
              </dd>
            </>
          )}
          <dt>Scaling and settings</dt>
          <dd>{describeTuning(values)}</dd>
        </dl>
      </section>
      {checked.success && <RequestViews body={checked.data} organizationId={organizationId} serviceId={serviceId} />}
    </>
  );
}

function RequestViews({
  body,
  organizationId,
  serviceId,
}: {
  body: unknown;
  organizationId: string;
  serviceId: string;
}) {
  const json = JSON.stringify(maskSecrets(requestOnTheWire(body)), null, 2);
  const curl = curlCommand(body, organizationId, serviceId);
  const terraform = pipeAsTerraform(body as Record<string, unknown>, serviceId, { adopt: false }).text;
  return (
    <>
      <section aria-labelledby="review-json" className={styles.group}>
        <div className={styles.codeHeader}>
          <h3 id="review-json" className={styles.groupTitle}>
            Request
          </h3>
          <CopyButton value={json} label="Copy request JSON" />
        </div>
        <p className={styles.groupHint}>The exact body sent to the cloud API, with secrets masked.</p>
        <pre className={styles.code} tabIndex={0} aria-labelledby="review-json">
          {json}
        </pre>
      </section>
      <section aria-labelledby="review-curl" className={styles.group}>
        <div className={styles.codeHeader}>
          <h3 id="review-curl" className={styles.groupTitle}>
            The same call with curl
          </h3>
          <CopyButton value={curl} label="Copy curl command" />
        </div>
        <p className={styles.groupHint}>
          Set CLOUD_API_URL, CLOUD_API_KEY_ID and CLOUD_API_KEY_SECRET in your shell and replace the
          &lt;PLACEHOLDERS&gt; with the secrets.
        </p>
        <pre className={styles.code} tabIndex={0} aria-labelledby="review-curl">
          {curl}
        </pre>
      </section>
      <section aria-labelledby="review-terraform" className={styles.group}>
        <div className={styles.codeHeader}>
          <h3 id="review-terraform" className={styles.groupTitle}>
            As Terraform
          </h3>
          <CopyButton value={terraform} label="Copy the Terraform" />
        </div>
        <p className={styles.groupHint}>
          The same pipe as a clickhouse_clickpipe resource of the ClickHouse Terraform provider; secrets are variables.
        </p>
        <pre className={styles.code} tabIndex={0} aria-labelledby="review-terraform">
          {terraform}
        </pre>
      </section>
    </>
  );
}

function describeSource(values: WizardValues): string {
  const s = values.source;
  switch (values.kind) {
    case 'kafka':
      return `topics ${s.kafka.topics || '?'} on ${s.kafka.brokers || '?'} (${s.kafka.format}, ${s.kafka.authentication || 'no authentication chosen'})`;
    case 'streamService':
      return `stream ${s.streamService.streamName || '?'} in ${s.streamService.region || '?'} (${s.streamService.format})`;
    case 'objectStorage':
      return s.objectStorage.type === 'objstore_4'
        ? `container ${s.objectStorage.blobContainerName || '?'}, path ${s.objectStorage.path || '?'} (${s.objectStorage.format})`
        : `${s.objectStorage.url || '?'} (${s.objectStorage.format}${s.objectStorage.isContinuous ? ', continuous' : ', once'})`;
    case 'postgres':
      return `${s.postgres.database || '?'} on ${s.postgres.host || '?'}:${s.postgres.port ?? '?'}, tables ${s.postgres.tableMappings
        .map((m) => `${m.sourceSchemaName}.${m.sourceTable || '?'} → ${m.targetTable || '?'}`)
        .join(', ')}`;
    default:
      return '—';
  }
}

function describeDestination(values: WizardValues): string {
  const d = values.destination;
  const roles = splitList(d.roles);
  const rolesText = roles.length ? `; roles ${roles.join(', ')}` : '';
  if (values.kind === 'postgres') return `database ${d.database || '?'}${rolesText}`;
  const columns = d.columns.filter((c) => c.name).map((c) => `${c.name} ${c.type}`);
  return `${d.database || '?'}.${d.table || '?'} (${d.managedTable ? 'managed by the pipe' : 'existing table'}), columns ${columns.join(', ') || '—'}${rolesText}`;
}

function describeTuning(values: WizardValues): string {
  const describe = (bounds: { label: string; unit?: string }, value: number | boolean) =>
    typeof value === 'boolean'
      ? `${bounds.label}: ${value ? 'on' : 'off'}`
      : `${bounds.label}: ${value}${bounds.unit ? ` ${bounds.unit}` : ''}`;
  const parts = [
    ...SCALING_KEYS.flatMap((key) =>
      values.scaling[key] === undefined ? [] : [describe(SCALING_BOUNDS[key], values.scaling[key]!)],
    ),
    ...SETTING_KEYS.flatMap((key) =>
      values.settings[key] === undefined ? [] : [describe(SETTINGS_BOUNDS[key], values.settings[key]!)],
    ),
  ];
  return parts.length ? parts.join(', ') : 'Service defaults';
}
