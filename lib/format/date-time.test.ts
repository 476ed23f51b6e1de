import { afterAll, describe, expect, it } from 'vitest';
import { seededRandom } from '@/test/support/seeded-random';
import {
  formatGmtOffset,
  formatHourMinute24,
  formatMediumDate,
  formatMediumDateShortTime,
  formatMediumDateTime,
  formatMediumDateTime24,
  formatMediumTime,
  formatMonthDay,
  formatMonthDayHourMinute24,
  formatMonthDayTime24,
  formatWeekdayHourMinute24,
  type Zone,
} from './date-time';

const FORMATS: ReadonlyArray<readonly [(value: number, zone?: Zone) => string, Intl.DateTimeFormatOptions]> = [
  [formatMediumDate, { dateStyle: 'medium' }],
  [formatMediumDateShortTime, { dateStyle: 'medium', timeStyle: 'short' }],
  [formatMediumDateTime, { dateStyle: 'medium', timeStyle: 'medium' }],
  [formatMediumDateTime24, { dateStyle: 'medium', timeStyle: 'medium', hourCycle: 'h23' }],
  [formatMediumTime, { timeStyle: 'medium' }],
  [formatHourMinute24, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }],
  [formatWeekdayHourMinute24, { weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }],
  [formatMonthDay, { month: 'short', day: 'numeric' }],
  [
    formatMonthDayHourMinute24,
    { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  ],
  [
    formatMonthDayTime24,
    { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
  ],
];

const HOUR = 3_600_000;

/**
 * Instants from 2019 to 2031: hours around each month's end (midnight, noon and the year's turn
 * among them), every quarter hour of the weekends clocks change in New York and Europe (2024 to
 * 2026), and random instants to the millisecond.
 */
function sampleInstants(): number[] {
  const instants: number[] = [];
  for (let year = 2019; year <= 2031; year++) {
    for (let month = 0; month < 12; month++) {
      const turn = Date.UTC(year, month + 1, 1);
      for (let h = -30; h <= 30; h += 3) instants.push(turn + h * HOUR - 1, turn + h * HOUR, turn + h * HOUR + 59_999);
    }
  }
  for (let year = 2024; year <= 2026; year++) {
    for (const month of [2, 9, 10]) {
      for (let day = 1; day <= 31; day++) {
        const sunday = Date.UTC(year, month, day);
        if (new Date(sunday).getUTCDay() !== 0 || new Date(sunday).getUTCMonth() !== month) continue;
        for (let q = -48; q < 96; q++) instants.push(sunday + q * 15 * 60_000);
      }
    }
  }
  const random = seededRandom(26);
  const from = Date.UTC(2019, 0, 1);
  const to = Date.UTC(2032, 0, 1);
  for (let i = 0; i < 2000; i++) instants.push(Math.floor(from + random() * (to - from)));
  return instants;
}

const INSTANTS = sampleInstants();
const ZONES = ['UTC', 'America/New_York', 'Asia/Kolkata', 'Europe/Berlin'];
const originalZone = process.env.TZ;

afterAll(() => {
  if (originalZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalZone;
});

describe.each(ZONES)('dates as Intl en writes them in %s, without ICU', (zone) => {
  it.each(FORMATS.map(([format, options]) => [JSON.stringify(options), format, options] as const))(
    '%s',
    (_, format, options) => {
      // Node applies a new TZ to Date and Intl alike at once; the check proves it did.
      process.env.TZ = zone;
      const intl = new Intl.DateTimeFormat('en', options);
      expect(intl.resolvedOptions().timeZone.replace('Asia/Calcutta', 'Asia/Kolkata')).toBe(zone);
      const wrong = INSTANTS.map((t) => [new Date(t).toISOString(), format(t), intl.format(t)]).filter(
        ([, ours, theirs]) => ours !== theirs,
      );
      expect(wrong).toEqual([]);
    },
  );
});

describe.each([...ZONES, 'America/St_Johns', 'Asia/Kathmandu', 'Pacific/Chatham'])('the GMT offset in %s', (zone) => {
  it('is named as Intl names it (shortOffset)', () => {
    process.env.TZ = zone;
    const intl = new Intl.DateTimeFormat('en', { timeZoneName: 'shortOffset' });
    const name = (t: number) => intl.formatToParts(t).find((part) => part.type === 'timeZoneName')?.value;
    const wrong = INSTANTS.map((t) => [new Date(t).toISOString(), formatGmtOffset(t), name(t)]).filter(
      ([, ours, theirs]) => ours !== theirs,
    );
    expect(wrong).toEqual([]);
  });
});

describe('dates in UTC as Intl en writes them with timeZone UTC, whatever the local zone', () => {
  it.each(FORMATS.map(([format, options]) => [JSON.stringify(options), format, options] as const))(
    '%s',
    (_, format, options) => {
      process.env.TZ = 'Asia/Kolkata';
      const intl = new Intl.DateTimeFormat('en', { ...options, timeZone: 'UTC' });
      const wrong = INSTANTS.map((t) => [new Date(t).toISOString(), format(t, 'UTC'), intl.format(t)]).filter(
        ([, ours, theirs]) => ours !== theirs,
      );
      expect(wrong).toEqual([]);
    },
  );
});

describe('date formats', () => {
  it('reads as a person expects and refuses what is no time, as Intl does', () => {
    process.env.TZ = 'UTC';
    const at = Date.UTC(2026, 0, 5, 15, 4, 9);
    expect(formatMediumDateShortTime(at)).toBe('Jan 5, 2026, 3:04 PM');
    expect(formatMediumDateTime(Date.UTC(2026, 0, 5, 0, 4, 9))).toBe('Jan 5, 2026, 12:04:09 AM');
    expect(formatMediumDateTime24(new Date(Date.UTC(2026, 0, 5, 0, 4, 9)))).toBe('Jan 5, 2026, 00:04:09');
    expect(formatWeekdayHourMinute24(at)).toBe('Mon 15:04');
    expect(() => formatMediumDate(NaN)).toThrow(RangeError);
    expect(() => new Intl.DateTimeFormat('en').format(NaN)).toThrow(RangeError);
  });
});
