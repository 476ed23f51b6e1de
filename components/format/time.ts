import {
  formatGmtOffset,
  formatMediumDate,
  formatMediumDateShortTime,
  formatMediumDateTime,
  formatMediumTime,
  type Zone,
} from '@/lib/format/date-time';
import { formatRelativeUnit } from '@/lib/format/relative-time';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

export function parseTimestamp(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** "just now", "5 minutes ago", "yesterday", "in 3 days"; the coarsest unit that fits. */
export function formatRelativeTime(value: string | number, now: number = Date.now()): string {
  const at = typeof value === 'number' ? value : Date.parse(value);
  if (Number.isNaN(at)) return '—';
  const diff = at - now;
  const abs = Math.abs(diff);
  if (abs < 45_000) return 'just now';
  if (abs < HOUR) return formatRelativeUnit(Math.round(diff / MINUTE), 'minute');
  if (abs < DAY) return formatRelativeUnit(Math.round(diff / HOUR), 'hour');
  if (abs < WEEK) return formatRelativeUnit(Math.round(diff / DAY), 'day');
  if (abs < MONTH) return formatRelativeUnit(Math.round(diff / WEEK), 'week');
  if (abs < YEAR) return formatRelativeUnit(Math.round(diff / MONTH), 'month');
  return formatRelativeUnit(Math.round(diff / YEAR), 'year');
}

/** In the reader's zone, or in UTC while a page is rendered on the server and hydrated (see useReaderZone). */
export function formatDateTime(value: string | number, zone: Zone = 'local'): string {
  const at = typeof value === 'number' ? value : Date.parse(value);
  return Number.isNaN(at) ? '—' : formatMediumDateShortTime(at, zone);
}

/** To the second ("Nov 27, 2026, 8:42:05 AM"), where events a few seconds apart must read apart. */
export function formatDateTimeToSecond(value: string | number): string {
  const at = typeof value === 'number' ? value : Date.parse(value);
  return Number.isNaN(at) ? '—' : formatMediumDateTime(at);
}

/** The time of day to the second ("8:42:05 AM"). */
export function formatTimeToSecond(value: string | number): string {
  const at = typeof value === 'number' ? value : Date.parse(value);
  return Number.isNaN(at) ? '—' : formatMediumTime(at);
}

const ZONED = { dateStyle: 'medium', timeStyle: 'short' } as const;

/**
 * A date and time with its time zone named ("Nov 27, 2026, 8:42 AM UTC"), in `timeZone` or else
 * the zone of the machine it runs on. UTC (what the server sends) and the reader's own zone, named
 * by its offset ("GMT-5", "GMT+5:30"; "UTC" for none), are written without Intl, so a page that
 * shows one starts no ICU as it loads; a zone given by name is Intl's to name ("GMT+2").
 */
export function formatZonedDateTime(value: number, timeZone?: string): string {
  if (Number.isNaN(value)) return '—';
  if (timeZone === 'UTC') return `${formatMediumDateShortTime(value, 'UTC')} UTC`;
  if (!timeZone) {
    const offset = formatGmtOffset(value);
    return `${formatMediumDateShortTime(value)} ${offset === 'GMT+0' ? 'UTC' : offset}`;
  }
  const format = new Intl.DateTimeFormat('en', { ...ZONED, timeZone });
  const zone = new Intl.DateTimeFormat('en', { timeZoneName: 'short', timeZone })
    .formatToParts(value)
    .find((part) => part.type === 'timeZoneName')?.value;
  return zone ? `${format.format(value)} ${zone}` : format.format(value);
}

export function formatDate(value: string | number, zone: Zone = 'local'): string {
  const at = typeof value === 'number' ? value : Date.parse(value);
  return Number.isNaN(at) ? '—' : formatMediumDate(at, zone);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A `datetime-local` input value (local time, minutes) for an ISO timestamp; '' for none. */
export function isoToLocalDateTime(value: string | null | undefined): string {
  const at = parseTimestamp(value);
  if (at === undefined) return '';
  const d = new Date(at);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * The ISO-8601 (UTC) form of a `datetime-local` value, '' for an empty one. Text that is not a
 * date is returned as it is so that the schema reports it.
 */
export function localDateTimeToIso(value: string): string {
  const trimmed = value.trim();
  if (!trimmed) return '';
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(trimmed)) return trimmed;
  const at = new Date(trimmed).getTime();
  return Number.isNaN(at) ? trimmed : new Date(at).toISOString();
}
