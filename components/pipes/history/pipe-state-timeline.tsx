'use client';

import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Panel } from '@/components/ui/panel';
import { Skeleton } from '@/components/ui/skeleton';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { usePipeTimelineQuery } from '@/lib/api/pipe-history/use-pipe-timeline-query';
import { timelineActor, timelineLabel, type PipeTimelineEvent } from '@/lib/pipes/history/timeline';
import { PipeStateBadge } from '../pipe-state-badge';
import styles from './pipe-state-timeline.module.css';
import { formatMediumDateTime } from '@/lib/format/date-time';

/** To the second: a failure and its recovery are often within one minute. */
const atSecond = (at: number) => formatMediumDateTime(at);

/** A flapping pipe can change state hundreds of times in two weeks: the newest first, the rest on request. */
const FIRST_SHOWN = 12;

function Entry({ event }: { event: PipeTimelineEvent }) {
  const actor = timelineActor(event);
  return (
    <li className={styles.entry}>
      <time className={styles.time} dateTime={new Date(event.at).toISOString()}>
        {atSecond(event.at)}
      </time>
      <span className={styles.what}>
        {event.kind === 'state' ? <PipeStateBadge state={event.state} /> : <Badge tone="neutral">Request</Badge>}
        <span className={styles.label}>{timelineLabel(event)}</span>
        {actor && <span className={styles.actor}>by {actor} in Sluice</span>}
      </span>
    </li>
  );
}

/**
 * What the console's scrapes saw of the pipe's state over the retention, newest first, with who
 * did it where Sluice did. Read again when the page sees the state change.
 */
export function PipeStateTimeline({
  organizationId,
  serviceId,
  pipeId,
  state,
}: {
  organizationId: string;
  serviceId: string;
  pipeId: string;
  state: string;
}) {
  const timeline = usePipeTimelineQuery(organizationId, serviceId, pipeId);
  const [showAll, setShowAll] = useState(false);
  const { refetch } = timeline;
  useEffect(() => {
    void refetch();
  }, [state, refetch]);

  const days = timeline.data?.retentionDays;
  const description = days
    ? `What the console saw over the last ${days} days, newest first.`
    : 'What the console saw, newest first.';
  let body;
  if (timeline.isPending) {
    body = (
      <div role="status" aria-live="polite">
        <VisuallyHidden>Loading the state timeline…</VisuallyHidden>
        <Skeleton height={72} />
      </div>
    );
  } else if (timeline.isError) {
    body = (
      <ErrorState
        headingLevel={3}
        title="Could not load the state timeline"
        error={timeline.error}
        onRetry={() => void timeline.refetch()}
        retrying={timeline.isFetching}
      />
    );
  } else if (timeline.data.events.length === 0) {
    body = (
      <EmptyState headingLevel={3} title="No state changes recorded yet">
        The console records the pipe&apos;s state each time it reads the cloud&apos;s metrics; the first reading appears
        here.
      </EmptyState>
    );
  } else {
    const { events } = timeline.data;
    const shown = showAll ? events : events.slice(0, FIRST_SHOWN);
    body = (
      <>
        <ol className={styles.timeline} aria-label="State timeline">
          {shown.map((event) => (
            <Entry
              key={`${event.kind}-${event.at}-${event.kind === 'state' ? event.state : event.action}`}
              event={event}
            />
          ))}
        </ol>
        {events.length > shown.length && (
          <Button size="sm" className={styles.more} onClick={() => setShowAll(true)}>
            Show all {events.length} changes
          </Button>
        )}
      </>
    );
  }
  return (
    <Panel title="State timeline" description={description}>
      {body}
    </Panel>
  );
}
