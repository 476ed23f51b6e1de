'use client';

import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { FormError } from '@/components/ui/form-error';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { schemaResolver } from '@/components/ui/schema-resolver';
import { SelectField } from '@/components/ui/select-field';
import { TableSkeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { applyApiErrorToForm } from '@/lib/api/form-errors';
import { failureMessage } from './failure-message';
import { useChannelCreateMutation } from '@/lib/api/notification-settings/use-channel-create-mutation';
import { useChannelsQuery } from '@/lib/api/notification-settings/use-channels-query';
import {
  CHANNEL_FORM_DEFAULTS,
  channelFieldOf,
  channelFormSchema,
  type ChannelFormValues,
} from '@/lib/schemas/notification-forms';
import { CHANNEL_TYPE_LABELS, CHANNEL_TYPES, type CreateChannelInput } from '@/lib/schemas/notifications';
import { ChannelsTable } from './channels-table';
import { NotificationTabs } from './notification-tabs';
import styles from './notifications.module.css';

const CHANNEL_FIELDS = ['name', 'type', 'url', 'secret', 'to'] as const;

function ChannelForm() {
  const create = useChannelCreateMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ChannelFormValues, unknown, CreateChannelInput>({
    resolver: schemaResolver(channelFormSchema),
    mode: 'onTouched',
    defaultValues: CHANNEL_FORM_DEFAULTS,
  });
  const { errors } = form.formState;
  const type = useWatch({ control: form.control, name: 'type' });

  const onSubmit = form.handleSubmit((input) => {
    setFormError(null);
    create.mutate(input, {
      // The type stays chosen for the next channel; what the person typed goes.
      onSuccess: () => form.reset({ ...CHANNEL_FORM_DEFAULTS, type: form.getValues('type') }),
      onError: (error) => setFormError(applyApiErrorToForm(error, form.setError, CHANNEL_FIELDS, channelFieldOf)),
    });
  });

  return (
    <Panel title="Add a channel" description="Where messages go. Secrets are stored encrypted and never shown again.">
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField label="Name" error={errors.name?.message} required {...form.register('name')} />
        <SelectField
          label="Type"
          options={CHANNEL_TYPES.map((value) => ({ value, label: CHANNEL_TYPE_LABELS[value] }))}
          error={errors.type?.message}
          {...form.register('type')}
        />
        {(type === 'webhook' || type === 'slack') && (
          <TextField
            label={type === 'slack' ? 'Slack incoming webhook URL' : 'Webhook URL'}
            type="url"
            mono
            error={errors.url?.message}
            hint={
              type === 'slack' ? 'https://hooks.slack.com/services/…' : 'Receives a signed JSON POST for each message'
            }
            required
            {...form.register('url')}
          />
        )}
        {type === 'webhook' && (
          <TextField
            label="Signing secret"
            type="password"
            autoComplete="new-password"
            error={errors.secret?.message}
            hint="Signs each body: X-Sluice-Signature: sha256=<HMAC>"
            {...form.register('secret')}
          />
        )}
        {type === 'email' && (
          <TextField
            label="Recipients"
            error={errors.to?.message}
            hint="Email addresses, separated by commas"
            required
            {...form.register('to')}
          />
        )}
        <FormError message={formError && failureMessage('Could not add the channel', formError)} />
        <div className={styles.formActions}>
          <Button type="submit" variant="primary" loading={create.isPending}>
            Add channel
          </Button>
        </div>
      </form>
    </Panel>
  );
}

export function ChannelsView() {
  const channels = useChannelsQuery();
  return (
    <>
      <PageHeader
        title="Notification channels"
        description="Slack, webhooks, email and the in-console centre: where rules send their messages."
      />
      <NotificationTabs />
      <div className={styles.stack}>
        {channels.isPending ? (
          <TableSkeleton label="Loading channels" />
        ) : channels.isError ? (
          <ErrorState
            title="Could not load the channels"
            error={channels.error}
            onRetry={() => void channels.refetch()}
            retrying={channels.isFetching}
          />
        ) : channels.data.length === 0 ? (
          <EmptyState title="No channels">Add one below; rules send to the channels they name.</EmptyState>
        ) : (
          <ChannelsTable channels={channels.data} />
        )}
        <ChannelForm />
      </div>
    </>
  );
}
