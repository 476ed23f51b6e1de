'use client';

import { useMounted } from '@/components/ui/stand-in';
import type { Zone } from '@/lib/format/date-time';

/**
 * The zone a date is written in: UTC while the server renders and while the browser takes the page
 * over (the server does not know its reader's zone, and hydration must find the server's text, or
 * React throws the page's HTML away and draws it again), the reader's own zone right after. For a
 * reader in UTC nothing on screen changes.
 */
export function useReaderZone(): Zone {
  return useMounted() ? 'local' : 'UTC';
}
