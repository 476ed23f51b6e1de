/**
 * "5 minutes ago", "yesterday", "in 3 days" as `new Intl.RelativeTimeFormat('en', { numeric: 'auto' })`
 * writes them, without the ICU start-up that the first Intl formatter of a page costs (tens of ms
 * of main thread on a phone). The unit tests compare both for every unit over a range of values.
 */
import { formatNumber } from './number';

export type RelativeTimeUnit = 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year';

/** What 'en' says instead of a number ("yesterday", "next week"), by unit and value. */
const WORDS: Record<RelativeTimeUnit, Partial<Record<-1 | 0 | 1, string>>> = {
  second: { 0: 'now' },
  minute: { 0: 'this minute' },
  hour: { 0: 'this hour' },
  day: { [-1]: 'yesterday', 0: 'today', 1: 'tomorrow' },
  week: { [-1]: 'last week', 0: 'this week', 1: 'next week' },
  month: { [-1]: 'last month', 0: 'this month', 1: 'next month' },
  quarter: { [-1]: 'last quarter', 0: 'this quarter', 1: 'next quarter' },
  year: { [-1]: 'last year', 0: 'this year', 1: 'next year' },
};

/**
 * -1, 0 or 1 where ICU would name the value, else undefined: ICU rounds the value to hundredths
 * first, so -1.004 days is "yesterday" too.
 */
function wordOffset(value: number): -1 | 0 | 1 | undefined {
  if (!(value > -2.1 && value < 2.1)) return undefined;
  const hundredths = value * 100;
  const rounded = Math.trunc(hundredths < 0 ? hundredths - 0.5 : hundredths + 0.5);
  return rounded === -100 ? -1 : rounded === 0 ? 0 : rounded === 100 ? 1 : undefined;
}

/** As `new Intl.RelativeTimeFormat('en', { numeric: 'auto' }).format(value, unit)`. */
export function formatRelativeUnit(value: number, unit: RelativeTimeUnit): string {
  if (!Number.isFinite(value)) throw new RangeError('Invalid relative time value');
  const offset = wordOffset(value);
  const word = offset === undefined ? undefined : WORDS[unit][offset];
  if (word) return word;
  const past = value < 0 || Object.is(value, -0);
  const amount = formatNumber(Math.abs(value));
  // 'en' picks the singular by the number as written: 1.0004 reads "1 minute".
  const text = `${amount} ${unit}${amount === '1' ? '' : 's'}`;
  return past ? `${text} ago` : `in ${text}`;
}
