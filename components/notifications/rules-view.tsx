'use client';

import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { FormError } from '@/components/ui/form-error';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { SelectField } from '@/components/ui/select-field';
import { TableSkeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { describeApiError } from '@/lib/api/error-message';
import { useChannelsQuery } from '@/lib/api/notification-settings/use-channels-query';
import { useRuleCreateMutation } from '@/lib/api/notification-settings/use-rule-create-mutation';
import { useRulesQuery } from '@/lib/api/notification-settings/use-rules-query';
import {
  RULE_EVENT_LABELS,
  RULE_EVENTS,
  THRESHOLD_UNITS,
  type ChannelView,
  type RuleEvent,
} from '@/lib/schemas/notifications';
import { fieldErrors } from './field-errors';
import { NotificationTabs } from './notification-tabs';
import { RulesTable } from './rules-table';
import styles from './notifications.module.css';

function RuleForm({ channels }: { channels: ChannelView[] }) {
  const create = useRuleCreateMutation();
  const [name, setName] = useState('');
  const [event, setEvent] = useState<RuleEvent>('pipe_failed');
  const [threshold, setThreshold] = useState('');
  const [forMinutes, setForMinutes] = useState('0');
  const [pipeIds, setPipeIds] = useState('');
  const [channelIds, setChannelIds] = useState<string[]>([]);
  const errors = fieldErrors(create.error);
  const unit = THRESHOLD_UNITS[event];

  function submit(submitted: FormEvent) {
    submitted.preventDefault();
    const pipes = pipeIds
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean);
    create.mutate(
      {
        name,
        event,
        channelIds,
        ...(unit && threshold !== '' ? { threshold: Number(threshold) } : {}),
        ...(forMinutes !== '' ? { forMinutes: Number(forMinutes) } : {}),
        ...(pipes.length > 0 ? { scope: { pipeIds: pipes } } : {}),
      },
      {
        onSuccess: () => {
          setName('');
          setThreshold('');
          setPipeIds('');
        },
      },
    );
  }

  return (
    <Panel
      title="Add a rule"
      description="What to watch, for how long, and which channels hear about it. A recovery closes the incident with a “resolved” message."
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label="Name"
          value={name}
          onChange={(changed) => setName(changed.target.value)}
          error={errors.name}
          required
        />
        <SelectField
          label="Event"
          value={event}
          onChange={(changed) => setEvent(changed.target.value as RuleEvent)}
          options={RULE_EVENTS.map((value) => ({ value, label: RULE_EVENT_LABELS[value] }))}
          error={errors.event}
        />
        {unit && (
          <TextField
            label={`Threshold (${unit})`}
            type="number"
            min={0}
            value={threshold}
            onChange={(changed) => setThreshold(changed.target.value)}
            error={errors.threshold}
            required
          />
        )}
        <TextField
          label="For minutes"
          type="number"
          min={0}
          value={forMinutes}
          onChange={(changed) => setForMinutes(changed.target.value)}
          error={errors.forMinutes}
          hint="How long it must hold before a message goes out"
        />
        <TextField
          label="Only these pipes (optional)"
          mono
          value={pipeIds}
          onChange={(changed) => setPipeIds(changed.target.value)}
          error={errors.scope}
          hint="Pipe ids separated by commas; empty for every pipe"
        />
        <fieldset className={styles.fieldset} aria-describedby={errors.channelIds ? 'rule-channels-error' : undefined}>
          <legend>Send to</legend>
          <div className={styles.checks}>
            {channels.map((channel) => (
              <Checkbox
                key={channel.id}
                label={channel.name}
                checked={channelIds.includes(channel.id)}
                onChange={(changed) =>
                  setChannelIds((ids) =>
                    changed.target.checked ? [...ids, channel.id] : ids.filter((id) => id !== channel.id),
                  )
                }
              />
            ))}
          </div>
          {errors.channelIds && (
            <p id="rule-channels-error" className={styles.testResult} role="alert">
              {errors.channelIds}
            </p>
          )}
        </fieldset>
        <FormError
          message={
            create.error && Object.keys(errors).length === 0
              ? `Could not add the rule: ${describeApiError(create.error)}`
              : null
          }
        />
        <div className={styles.formActions}>
          <Button type="submit" variant="primary" loading={create.isPending}>
            Add rule
          </Button>
        </div>
      </form>
    </Panel>
  );
}

export function RulesView() {
  const rules = useRulesQuery();
  const channels = useChannelsQuery();
  const failed = rules.error ?? channels.error;
  return (
    <>
      <PageHeader
        title="Notification rules"
        description="Judged on every scrape of the pipe metrics; each incident sends one message when it opens and one when it resolves."
      />
      <NotificationTabs />
      {rules.isPending || channels.isPending ? (
        <TableSkeleton label="Loading rules" />
      ) : failed ? (
        <ErrorState
          title="Could not load the rules"
          error={failed}
          onRetry={() => void Promise.all([rules.refetch(), channels.refetch()])}
        />
      ) : (
        <div className={styles.stack}>
          {rules.data!.length === 0 ? (
            <EmptyState title="No rules">Nothing is watched: add a rule below.</EmptyState>
          ) : (
            <RulesTable rules={rules.data!} channels={channels.data!} />
          )}
          <RuleForm channels={channels.data!} />
        </div>
      )}
    </>
  );
}
