'use client';

import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { FieldError } from '@/components/ui/field-error';
import { FormError } from '@/components/ui/form-error';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { schemaResolver } from '@/components/ui/schema-resolver';
import { SelectField } from '@/components/ui/select-field';
import { TableSkeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { applyApiErrorToForm } from '@/lib/api/form-errors';
import { useChannelsQuery } from '@/lib/api/notification-settings/use-channels-query';
import { useRuleCreateMutation } from '@/lib/api/notification-settings/use-rule-create-mutation';
import { useRulesQuery } from '@/lib/api/notification-settings/use-rules-query';
import { RULE_FORM_DEFAULTS, ruleFieldOf, ruleFormSchema, type RuleFormValues } from '@/lib/schemas/notification-forms';
import {
  RULE_EVENT_LABELS,
  RULE_EVENTS,
  THRESHOLD_UNITS,
  type ChannelView,
  type CreateRuleInput,
} from '@/lib/schemas/notifications';
import { failureMessage } from './failure-message';
import { NotificationTabs } from './notification-tabs';
import { RulesTable } from './rules-table';
import styles from './notifications.module.css';

const RULE_FIELDS = ['name', 'event', 'threshold', 'forMinutes', 'pipeIds', 'channelIds'] as const;

function RuleForm({ channels }: { channels: ChannelView[] }) {
  const create = useRuleCreateMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RuleFormValues, unknown, CreateRuleInput>({
    resolver: schemaResolver(ruleFormSchema),
    mode: 'onTouched',
    defaultValues: RULE_FORM_DEFAULTS,
  });
  const { errors } = form.formState;
  const unit = THRESHOLD_UNITS[useWatch({ control: form.control, name: 'event' })];
  const channelsError = errors.channelIds?.message;

  const onSubmit = form.handleSubmit((input) => {
    setFormError(null);
    create.mutate(input, {
      // The event, timing and channels stay chosen for the next rule; its name, threshold and pipes go.
      onSuccess: () => form.reset({ ...form.getValues(), name: '', threshold: '', pipeIds: '' }),
      onError: (error) => setFormError(applyApiErrorToForm(error, form.setError, RULE_FIELDS, ruleFieldOf)),
    });
  });

  return (
    <Panel
      title="Add a rule"
      description="What to watch, for how long, and which channels hear about it. A recovery closes the incident with a “resolved” message."
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField label="Name" error={errors.name?.message} required {...form.register('name')} />
        <SelectField
          label="Event"
          options={RULE_EVENTS.map((value) => ({ value, label: RULE_EVENT_LABELS[value] }))}
          error={errors.event?.message}
          {...form.register('event')}
        />
        {unit && (
          <TextField
            label={`Threshold (${unit})`}
            type="number"
            min={0}
            error={errors.threshold?.message}
            required
            {...form.register('threshold')}
          />
        )}
        <TextField
          label="For minutes"
          type="number"
          min={0}
          error={errors.forMinutes?.message}
          hint="How long it must hold before a message goes out"
          {...form.register('forMinutes')}
        />
        <TextField
          label="Only these pipes (optional)"
          mono
          error={errors.pipeIds?.message}
          hint="Pipe ids separated by commas; empty for every pipe"
          {...form.register('pipeIds')}
        />
        <fieldset
          className={styles.fieldset}
          aria-invalid={channelsError ? true : undefined}
          aria-describedby={channelsError ? 'rule-channels-error' : undefined}
        >
          <legend>Send to</legend>
          <Controller
            control={form.control}
            name="channelIds"
            render={({ field }) => (
              <div className={styles.checks}>
                {channels.map((channel, index) => (
                  <Checkbox
                    key={channel.id}
                    label={channel.name}
                    ref={index === 0 ? field.ref : undefined}
                    checked={field.value.includes(channel.id)}
                    onBlur={field.onBlur}
                    onChange={(changed) =>
                      field.onChange(
                        changed.target.checked
                          ? [...field.value, channel.id]
                          : field.value.filter((id) => id !== channel.id),
                      )
                    }
                  />
                ))}
              </div>
            )}
          />
          <FieldError id="rule-channels-error" message={channelsError} />
        </fieldset>
        <FormError message={formError && failureMessage('Could not add the rule', formError)} />
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
