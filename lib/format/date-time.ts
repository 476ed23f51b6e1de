/**
 * Dates and times in the reader's own zone as `Intl.DateTimeFormat('en', …)` writes them, built
 * from the Date's local getters: the first Intl.DateTimeFormat of a page costs 4–20 ms of main
 * thread in Chromium (ICU's start-up), the local getters ~0.1 ms. Each function names the Intl
 * options it equals; the unit tests compare both across years, month ends, midnight, noon and
 * daylight-saving changes in several zones.
 *
 * V8 writes a plain space before AM/PM (it replaces the U+202F of current CLDR for web
 * compatibility), and so does this.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const pad = (n: number) => String(n).padStart(2, '0');

/** The Date for `value`; throws as Intl does for a value that is no time. */
function localDate(value: number | Date): Date {
  const date = new Date(typeof value === 'number' ? value : value.getTime());
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return date;
}

const hour12 = (d: Date) => String(d.getHours() % 12 || 12);
const dayPeriod = (d: Date) => (d.getHours() < 12 ? 'AM' : 'PM');
const mediumDate = (d: Date) => `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`;
const hourMinute24 = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** `{ dateStyle: 'medium' }`: "Jan 5, 2026". */
export function formatMediumDate(value: number | Date): string {
  return mediumDate(localDate(value));
}

/** `{ dateStyle: 'medium', timeStyle: 'short' }`: "Jan 5, 2026, 3:04 PM". */
export function formatMediumDateShortTime(value: number | Date): string {
  const d = localDate(value);
  return `${mediumDate(d)}, ${hour12(d)}:${pad(d.getMinutes())} ${dayPeriod(d)}`;
}

/** `{ dateStyle: 'medium', timeStyle: 'medium' }`: "Jan 5, 2026, 3:04:09 PM". */
export function formatMediumDateTime(value: number | Date): string {
  const d = localDate(value);
  return `${mediumDate(d)}, ${hour12(d)}:${pad(d.getMinutes())}:${pad(d.getSeconds())} ${dayPeriod(d)}`;
}

/** `{ dateStyle: 'medium', timeStyle: 'medium', hourCycle: 'h23' }`: "Jan 5, 2026, 15:04:09". */
export function formatMediumDateTime24(value: number | Date): string {
  const d = localDate(value);
  return `${mediumDate(d)}, ${hourMinute24(d)}:${pad(d.getSeconds())}`;
}

/** `{ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }`: "15:04". */
export function formatHourMinute24(value: number | Date): string {
  return hourMinute24(localDate(value));
}

/** `{ weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }`: "Mon 15:04". */
export function formatWeekdayHourMinute24(value: number | Date): string {
  const d = localDate(value);
  return `${WEEKDAYS[d.getDay()]} ${hourMinute24(d)}`;
}

/** `{ month: 'short', day: 'numeric' }`: "Jan 5". */
export function formatMonthDay(value: number | Date): string {
  const d = localDate(value);
  return `${MONTHS[d.getMonth()]} ${d.getDate()}`;
}

/** `{ month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }`: "Jan 5, 15:04". */
export function formatMonthDayHourMinute24(value: number | Date): string {
  const d = localDate(value);
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${hourMinute24(d)}`;
}

/** As {@link formatMonthDayHourMinute24} with `second: '2-digit'`: "Jan 5, 15:04:09". */
export function formatMonthDayTime24(value: number | Date): string {
  const d = localDate(value);
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${hourMinute24(d)}:${pad(d.getSeconds())}`;
}
