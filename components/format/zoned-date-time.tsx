'use client';

import { useSyncExternalStore } from 'react';
import { formatZonedDateTime } from './time';

const subscribeToNothing = () => () => {};

/**
 * A date and time in the reader's time zone, named. The server does not know that zone, so it
 * sends the time in UTC, and the browser renders it the same while it takes the page over
 * (hydration must find the server's text); right after, it shows the reader's own zone, which for a
 * reader in UTC is the same text, so nothing on screen changes.
 */
export function ZonedDateTime({ value }: { value: number }) {
  const inBrowser = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  return (
    <time dateTime={new Date(value).toISOString()}>{formatZonedDateTime(value, inBrowser ? undefined : 'UTC')}</time>
  );
}
