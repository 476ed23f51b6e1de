'use client';

import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table/data-table';
import { tableClassNames } from '@/components/ui/table';
import { describeApiError } from '@/lib/api/error-message';
import { useChannelDeleteMutation } from '@/lib/api/notification-settings/use-channel-delete-mutation';
import {
  useChannelTestMutation,
  type ChannelTestResult,
} from '@/lib/api/notification-settings/use-channel-test-mutation';
import { announceSuccess } from '@/lib/notifications/toasts';
import { CHANNEL_TYPE_LABELS, type ChannelView } from '@/lib/schemas/notifications';
import styles from './notifications.module.css';

function target(channel: ChannelView): string {
  if (channel.type === 'email') return channel.to?.join(', ') ?? '';
  if (channel.type === 'console') return 'Everyone’s bell in this console';
  return channel.url ?? '';
}

interface ChannelActions {
  test: ReturnType<typeof useChannelTestMutation>;
  remove: ReturnType<typeof useChannelDeleteMutation>;
  /** The last test's outcome of each channel tested on this visit. */
  results: Record<string, ChannelTestResult>;
  onTested: (channel: ChannelView, result: ChannelTestResult) => void;
}

function channelColumns({ test, remove, results, onTested }: ChannelActions): ColumnDef<ChannelView, unknown>[] {
  // A request's pending state and error belong to the channel it was asked for.
  const testing = (channel: ChannelView) => test.variables === channel.id;
  const removing = (channel: ChannelView) => remove.variables === channel.id;
  return [
    {
      id: 'name',
      header: 'Name',
      accessorFn: (channel) => channel.name,
      meta: { phone: true },
      cell: ({ row: { original: channel } }) => {
        const result = results[channel.id];
        const error = (testing(channel) && test.error) || (removing(channel) && remove.error);
        return (
          <>
            <strong>{channel.name}</strong>
            {channel.broken && (
              <>
                {' '}
                <Badge tone="danger" dot title={channel.lastError}>
                  Broken
                </Badge>
              </>
            )}
            {result && (
              <div className={styles.testResult} role="status">
                {result.delivered ? 'Test delivered' : `Test failed: ${result.error ?? 'no answer'}`}
              </div>
            )}
            {error && (
              <div className={styles.testResult} role="alert">
                {describeApiError(error)}
              </div>
            )}
          </>
        );
      },
    },
    { id: 'type', header: 'Type', accessorFn: (channel) => CHANNEL_TYPE_LABELS[channel.type] },
    { id: 'target', header: 'Sends to', accessorFn: target, meta: { className: styles.meta } },
    {
      id: 'signature',
      header: 'Signature',
      accessorFn: (channel) => (channel.type === 'webhook' ? (channel.hasSecret ? 'Signed' : 'Not signed') : ''),
    },
    {
      id: 'actions',
      header: () => <span className={styles.meta}>Actions</span>,
      enableSorting: false,
      meta: { phone: true, label: 'Actions', className: tableClassNames.actions },
      cell: ({ row: { original: channel } }) => (
        <div className={tableClassNames.actionsInner}>
          <Button
            size="sm"
            loading={test.isPending && testing(channel)}
            aria-label={`Send a test to ${channel.name}`}
            onClick={() => test.mutate(channel.id, { onSuccess: (outcome) => onTested(channel, outcome) })}
          >
            Send a test
          </Button>
          {channel.type !== 'console' && (
            <Button
              size="sm"
              variant="dangerGhost"
              loading={remove.isPending && removing(channel)}
              aria-label={`Delete ${channel.name}`}
              onClick={() => remove.mutate(channel.id)}
            >
              Delete
            </Button>
          )}
        </div>
      ),
    },
  ];
}

export function ChannelsTable({ channels }: { channels: readonly ChannelView[] }) {
  const test = useChannelTestMutation();
  const remove = useChannelDeleteMutation();
  const [results, setResults] = useState<Record<string, ChannelTestResult>>({});
  const columns = useMemo(
    () =>
      channelColumns({
        test,
        remove,
        results,
        onTested: (channel, outcome) => {
          setResults((current) => ({ ...current, [channel.id]: outcome }));
          if (outcome.delivered) announceSuccess(`Test sent to “${channel.name}”`);
        },
      }),
    [test, remove, results],
  );
  return (
    <DataTable label="Notification channels" data={channels} columns={columns} getRowId={(channel) => channel.id} />
  );
}
