import { PipeStateBadge } from './pipe-state-badge';
import styles from './pipes.module.css';

export interface TimelineEntry {
  state: string;
  /** Epoch milliseconds at which the console received this state. */
  at: number;
}

const clock = new Intl.DateTimeFormat('en', { timeStyle: 'medium' });

/** Appends a state when it differs from the last one seen; returns the same list otherwise. */
export function withObservedState(timeline: TimelineEntry[], state: string, at: number): TimelineEntry[] {
  return timeline.at(-1)?.state === state ? timeline : [...timeline, { state, at }];
}

export function PipeTimeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <ol className={styles.timeline} aria-label="States observed">
      {entries.map((entry, index) => (
        <li key={`${index}-${entry.state}`} className={styles.timelineItem}>
          <time dateTime={new Date(entry.at).toISOString()}>{clock.format(entry.at)}</time>
          <PipeStateBadge state={entry.state} />
        </li>
      ))}
    </ol>
  );
}
