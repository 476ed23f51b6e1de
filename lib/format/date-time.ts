/**
 * Dates and times in the reader's own zone as `Intl.DateTimeFormat('en', …)` writes them, built
 * from the Date's local getters: the first Intl.DateTimeFormat of a page costs 4–20 ms of main
 * thread in Chromium (ICU's start-up), the local getters ~0.1 ms. Each function names the Intl
 * options it equals; the unit tests compare both across years, month ends, midnight, noon and
 * daylight-saving changes in several zones.
 *
 * `zone: 'UTC'` writes the same in UTC, as Intl's `timeZone: 'UTC'`: what a server sends before the
 * browser knows its reader's zone.
 *
 * V8 writes a plain space before AM/PM (it replaces the U+202F of current CLDR for web
 * compatibility), and so does this.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const pad = (n: number) => String(n).padStart(2, '0');

/** Where a time is read: the reader's own zone, or UTC. */
export type Zone = 'local' | 'UTC';

interface Fields {
  year: number;
  /** 0 for January */
  month: number;
  day: number;
  /** 0 for Sunday */
  weekday: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** The calendar fields of `value` in `zone`; throws as Intl does for a value that is no time. */
function fieldsOf(value: number | Date, zone: Zone): Fields {
  const d = new Date(typeof value === 'number' ? value : value.getTime());
  if (Number.isNaN(d.getTime())) throw new RangeError('Invalid time value');
  return zone === 'UTC'
    ? {
        year: d.getUTCFullYear(),
        month: d.getUTCMonth(),
        day: d.getUTCDate(),
        weekday: d.getUTCDay(),
        hours: d.getUTCHours(),
        minutes: d.getUTCMinutes(),
        seconds: d.getUTCSeconds(),
      }
    : {
        year: d.getFullYear(),
        month: d.getMonth(),
        day: d.getDate(),
        weekday: d.getDay(),
        hours: d.getHours(),
        minutes: d.getMinutes(),
        seconds: d.getSeconds(),
      };
}

const mediumDate = (f: Fields) => `${MONTHS[f.month]} ${f.day}, ${f.year}`;
const monthDay = (f: Fields) => `${MONTHS[f.month]} ${f.day}`;
const hourMinute12 = (f: Fields) => `${f.hours % 12 || 12}:${pad(f.minutes)}`;
const dayPeriod = (f: Fields) => (f.hours < 12 ? 'AM' : 'PM');
const hourMinute24 = (f: Fields) => `${pad(f.hours)}:${pad(f.minutes)}`;

/** `{ dateStyle: 'medium' }`: "Jan 5, 2026". */
export function formatMediumDate(value: number | Date, zone: Zone = 'local'): string {
  return mediumDate(fieldsOf(value, zone));
}

/** `{ dateStyle: 'medium', timeStyle: 'short' }`: "Jan 5, 2026, 3:04 PM". */
export function formatMediumDateShortTime(value: number | Date, zone: Zone = 'local'): string {
  const f = fieldsOf(value, zone);
  return `${mediumDate(f)}, ${hourMinute12(f)} ${dayPeriod(f)}`;
}

/** `{ dateStyle: 'medium', timeStyle: 'medium' }`: "Jan 5, 2026, 3:04:09 PM". */
export function formatMediumDateTime(value: number | Date, zone: Zone = 'local'): string {
  const f = fieldsOf(value, zone);
  return `${mediumDate(f)}, ${hourMinute12(f)}:${pad(f.seconds)} ${dayPeriod(f)}`;
}

/** `{ dateStyle: 'medium', timeStyle: 'medium', hourCycle: 'h23' }`: "Jan 5, 2026, 15:04:09". */
export function formatMediumDateTime24(value: number | Date, zone: Zone = 'local'): string {
  const f = fieldsOf(value, zone);
  return `${mediumDate(f)}, ${hourMinute24(f)}:${pad(f.seconds)}`;
}

/** `{ timeStyle: 'medium' }`, what `toLocaleTimeString('en')` writes too: "3:04:09 PM". */
export function formatMediumTime(value: number | Date, zone: Zone = 'local'): string {
  const f = fieldsOf(value, zone);
  return `${hourMinute12(f)}:${pad(f.seconds)} ${dayPeriod(f)}`;
}

/** `{ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }`: "15:04". */
export function formatHourMinute24(value: number | Date, zone: Zone = 'local'): string {
  return hourMinute24(fieldsOf(value, zone));
}

/** `{ weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }`: "Mon 15:04". */
export function formatWeekdayHourMinute24(value: number | Date, zone: Zone = 'local'): string {
  const f = fieldsOf(value, zone);
  return `${WEEKDAYS[f.weekday]} ${hourMinute24(f)}`;
}

/** `{ month: 'short', day: 'numeric' }`: "Jan 5". */
export function formatMonthDay(value: number | Date, zone: Zone = 'local'): string {
  return monthDay(fieldsOf(value, zone));
}

/** `{ month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }`: "Jan 5, 15:04". */
export function formatMonthDayHourMinute24(value: number | Date, zone: Zone = 'local'): string {
  const f = fieldsOf(value, zone);
  return `${monthDay(f)}, ${hourMinute24(f)}`;
}

/** As {@link formatMonthDayHourMinute24} with `second: '2-digit'`: "Jan 5, 15:04:09". */
export function formatMonthDayTime24(value: number | Date, zone: Zone = 'local'): string {
  const f = fieldsOf(value, zone);
  return `${monthDay(f)}, ${hourMinute24(f)}:${pad(f.seconds)}`;
}

/**
 * The zone's offset from GMT at `value` as `{ timeZoneName: 'shortOffset' }` names it: "GMT-5",
 * "GMT+5:30", "GMT+0". Intl's short names ("EST") need its zone data; the offset does not.
 */
export function formatGmtOffset(value: number | Date, zone: Zone = 'local'): string {
  const date = new Date(typeof value === 'number' ? value : value.getTime());
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  const minutes = zone === 'UTC' ? 0 : -date.getTimezoneOffset();
  const abs = Math.abs(minutes);
  const hours = Math.floor(abs / 60);
  const rest = abs % 60;
  return `GMT${minutes < 0 ? '-' : '+'}${hours}${rest ? `:${pad(rest)}` : ''}`;
}
