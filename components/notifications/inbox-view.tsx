'use client';

import { Button, buttonClassName } from '@/components/ui/button';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { TableSkeleton } from '@/components/ui/skeleton';
import { IntentLink } from '@/components/shell/intent-link';
import { Badge } from '@/components/ui/badge';
import { describeApiError } from '@/lib/api/error-message';
import { useInboxQuery } from '@/lib/api/notification-centre/use-inbox-query';
import { useMarkReadMutation } from '@/lib/api/notification-centre/use-mark-read-mutation';
import type { NotificationState } from '@/lib/schemas/notifications';
import { useConsole } from '@/lib/console/console-context';
import { servicePage } from '@/lib/console/service-paths';
import { FormError } from '@/components/ui/form-error';
import { NotificationTabs } from './notification-tabs';
import styles from './notifications.module.css';
import { formatDateTimeToSecond } from '@/components/format/time';

const STATE_TONE: Record<NotificationState, 'danger' | 'success' | 'warning' | 'neutral'> = {
  firing: 'danger',
  resolved: 'success',
  reminder: 'warning',
  test: 'neutral',
};
const STATE_LABEL: Record<NotificationState, string> = {
  firing: 'Firing',
  resolved: 'Resolved',
  reminder: 'Still firing',
  test: 'Test',
};

/** The signed-in user's notifications: newest first, unread highlighted, each opening its pipe. */
export function InboxView() {
  const inbox = useInboxQuery();
  const { serviceId } = useConsole();
  const markRead = useMarkReadMutation();
  const messages = inbox.data?.data ?? [];
  return (
    <>
      <PageHeader
        title="Notifications"
        description="What the console noticed: pipes that failed or recovered, keys about to expire, and the other rules admins set."
        actions={
          (inbox.data?.unread ?? 0) > 0 ? (
            <Button onClick={() => markRead.mutate({ all: true })} loading={markRead.isPending}>
              Mark all read
            </Button>
          ) : undefined
        }
      />
      <NotificationTabs />
      {markRead.error && <FormError message={`Could not mark read: ${describeApiError(markRead.error)}`} />}
      {inbox.isPending ? (
        <TableSkeleton label="Loading notifications" />
      ) : inbox.isError ? (
        <ErrorState
          title="Could not load your notifications"
          error={inbox.error}
          onRetry={() => void inbox.refetch()}
          retrying={inbox.isFetching}
        />
      ) : messages.length === 0 ? (
        <EmptyState title="No notifications yet">
          When a pipe fails or recovers, or an API key is about to expire, it shows here.
        </EmptyState>
      ) : (
        <ul className={styles.list} aria-label="Notifications">
          {messages.map((message) => (
            <li key={message.id} className={styles.item} data-unread={!message.read}>
              <div className={styles.itemText}>
                <span className={styles.title}>
                  {!message.read && <VisuallyHidden>Unread: </VisuallyHidden>}
                  {message.title}
                </span>
                {message.body && <span className={styles.meta}>Reason: {message.body}</span>}
                <span className={styles.meta}>
                  <Badge tone={STATE_TONE[message.state]} dot>
                    {STATE_LABEL[message.state]}
                  </Badge>{' '}
                  <time dateTime={message.at}>{formatDateTimeToSecond(message.at)}</time>
                </span>
              </div>
              <div className={styles.itemActions}>
                {message.pipeId && (
                  <IntentLink
                    className={buttonClassName('secondary', 'sm')}
                    href={servicePage(message.serviceId ?? serviceId, 'pipes', message.pipeId)}
                  >
                    Open the pipe
                  </IntentLink>
                )}
                {!message.read && (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => markRead.mutate({ ids: [message.id] })}
                    aria-label={`Mark read: ${message.title}`}
                  >
                    Mark read
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
