import { formatDate, formatDateTime, formatRelativeTime } from './time';
import { useReaderZone } from './use-reader-zone';

/** A relative time ("3 hours ago") with the exact date as its tooltip and machine-readable value. */
export function RelativeTime({ value, now }: { value: string; now: number }) {
  const zone = useReaderZone();
  return (
    <time dateTime={value} title={formatDateTime(value, zone)}>
      {formatRelativeTime(value, now)}
    </time>
  );
}

export function DateTime({ value }: { value: string }) {
  return <time dateTime={value}>{formatDateTime(value, useReaderZone())}</time>;
}

/** The date only, with the full date and time as its tooltip. */
export function DateOnly({ value }: { value: string }) {
  const zone = useReaderZone();
  return (
    <time dateTime={value} title={formatDateTime(value, zone)}>
      {formatDate(value, zone)}
    </time>
  );
}
