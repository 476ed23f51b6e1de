import { describe, expect, it } from 'vitest';
import {
  formatDateTimeToSecond,
  formatRelativeTime,
  formatTimeToSecond,
  formatZonedDateTime,
  isoToLocalDateTime,
  localDateTimeToIso,
} from './time';

const now = Date.parse('2030-06-15T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('formatRelativeTime', () => {
  it.each([
    [ago(10_000), 'just now'],
    [ago(5 * MIN), '5 minutes ago'],
    [ago(3 * HOUR), '3 hours ago'],
    [ago(DAY), 'yesterday'],
    [ago(3 * DAY), '3 days ago'],
    [ago(14 * DAY), '2 weeks ago'],
    [ago(90 * DAY), '3 months ago'],
    [ago(800 * DAY), '2 years ago'],
    [new Date(now + 2 * HOUR).toISOString(), 'in 2 hours'],
    ['not a date', '—'],
  ])('%s → %s', (value, expected) => {
    expect(formatRelativeTime(value, now)).toBe(expected);
  });
});

describe('datetime-local conversion', () => {
  it('round-trips through local time to the minute', () => {
    const iso = '2031-02-03T04:05:00.000Z';
    const local = isoToLocalDateTime(iso);
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(localDateTimeToIso(local)).toBe(iso);
  });

  it('interprets the input as local time', () => {
    expect(localDateTimeToIso('2031-02-03T04:05')).toBe(new Date(2031, 1, 3, 4, 5).toISOString());
  });

  it('keeps empty as empty and passes other text through for the schema to reject', () => {
    expect(localDateTimeToIso('')).toBe('');
    expect(localDateTimeToIso('  ')).toBe('');
    expect(localDateTimeToIso('tomorrow')).toBe('tomorrow');
    expect(isoToLocalDateTime(null)).toBe('');
    expect(isoToLocalDateTime('')).toBe('');
  });
});

describe('formatZonedDateTime', () => {
  it('names the time zone it shows the time in', () => {
    expect(formatZonedDateTime(now, 'UTC')).toBe('Jun 15, 2030, 12:00 PM UTC');
    expect(formatZonedDateTime(now, 'Europe/Berlin')).toBe('Jun 15, 2030, 2:00 PM GMT+2');
  });

  it('writes UTC, as the server sends it, exactly as Intl does', () => {
    const intl = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
    for (let t = Date.UTC(2029, 11, 31, 22); t < Date.UTC(2030, 0, 1, 14); t += 37 * MIN)
      expect(formatZonedDateTime(t, 'UTC')).toBe(`${intl.format(t)} UTC`);
  });

  it("names the reader's own zone by its offset, and UTC as UTC", () => {
    const zone = process.env.TZ;
    try {
      process.env.TZ = 'America/New_York';
      expect(formatZonedDateTime(now)).toBe('Jun 15, 2030, 8:00 AM GMT-4');
      process.env.TZ = 'Asia/Kolkata';
      expect(formatZonedDateTime(now)).toBe('Jun 15, 2030, 5:30 PM GMT+5:30');
      process.env.TZ = 'UTC';
      expect(formatZonedDateTime(now)).toBe('Jun 15, 2030, 12:00 PM UTC');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('shows a dash for no time', () => {
    expect(formatZonedDateTime(Number.NaN, 'UTC')).toBe('—');
  });
});

describe('to the second', () => {
  it('reads an ISO time or a number, and shows a dash for no time', () => {
    const zone = process.env.TZ;
    try {
      process.env.TZ = 'UTC';
      expect(formatDateTimeToSecond('2030-06-15T13:04:05Z')).toBe('Jun 15, 2030, 1:04:05 PM');
      expect(formatTimeToSecond(now + 5_000)).toBe('12:00:05 PM');
      expect([formatDateTimeToSecond('soon'), formatTimeToSecond(Number.NaN)]).toEqual(['—', '—']);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
