'use client';

import { formatZonedDateTime } from './time';
import { useReaderZone } from './use-reader-zone';

/**
 * A date and time in the reader's time zone, named. The server does not know that zone, so it
 * sends the time in UTC, and the browser renders it the same while it takes the page over
 * (hydration must find the server's text); right after, it shows the reader's own zone, which for a
 * reader in UTC is the same text, so nothing on screen changes.
 */
export function ZonedDateTime({ value }: { value: number }) {
  const zone = useReaderZone();
  return (
    <time dateTime={new Date(value).toISOString()}>
      {formatZonedDateTime(value, zone === 'UTC' ? 'UTC' : undefined)}
    </time>
  );
}
