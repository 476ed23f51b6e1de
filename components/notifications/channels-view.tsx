'use client';

import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { FormError } from '@/components/ui/form-error';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { SelectField } from '@/components/ui/select-field';
import { TableSkeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { describeApiError } from '@/lib/api/error-message';
import { useChannelCreateMutation } from '@/lib/api/notification-settings/use-channel-create-mutation';
import { useChannelsQuery } from '@/lib/api/notification-settings/use-channels-query';
import { CHANNEL_TYPE_LABELS, CHANNEL_TYPES, type ChannelType } from '@/lib/schemas/notifications';
import { fieldErrors } from './field-errors';
import { ChannelsTable } from './channels-table';
import { NotificationTabs } from './notification-tabs';
import styles from './notifications.module.css';

function ChannelForm() {
  const create = useChannelCreateMutation();
  const [type, setType] = useState<ChannelType>('webhook');
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState('');
  const [to, setTo] = useState('');
  const errors = fieldErrors(create.error);

  function submit(event: FormEvent) {
    event.preventDefault();
    const recipients = to
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    create.mutate(
      {
        name,
        type,
        ...(type === 'webhook' || type === 'slack' ? { url } : {}),
        ...(type === 'webhook' && secret ? { secret } : {}),
        ...(type === 'email' ? { to: recipients } : {}),
      },
      {
        onSuccess: () => {
          setName('');
          setUrl('');
          setSecret('');
          setTo('');
        },
      },
    );
  }

  return (
    <Panel title="Add a channel" description="Where messages go. Secrets are stored encrypted and never shown again.">
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label="Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
          required
        />
        <SelectField
          label="Type"
          value={type}
          onChange={(event) => setType(event.target.value as ChannelType)}
          options={CHANNEL_TYPES.map((value) => ({ value, label: CHANNEL_TYPE_LABELS[value] }))}
          error={errors.type}
        />
        {(type === 'webhook' || type === 'slack') && (
          <TextField
            label={type === 'slack' ? 'Slack incoming webhook URL' : 'Webhook URL'}
            type="url"
            mono
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            error={errors.url}
            hint={
              type === 'slack' ? 'https://hooks.slack.com/services/…' : 'Receives a signed JSON POST for each message'
            }
            required
          />
        )}
        {type === 'webhook' && (
          <TextField
            label="Signing secret"
            type="password"
            autoComplete="new-password"
            value={secret}
            onChange={(event) => setSecret(event.target.value)}
            error={errors.secret}
            hint="Signs each body: X-Sluice-Signature: sha256=<HMAC>"
          />
        )}
        {type === 'email' && (
          <TextField
            label="Recipients"
            value={to}
            onChange={(event) => setTo(event.target.value)}
            error={errors.to}
            hint="Email addresses, separated by commas"
            required
          />
        )}
        <FormError
          message={
            create.error && Object.keys(errors).length === 0
              ? `Could not add the channel: ${describeApiError(create.error)}`
              : null
          }
        />
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
