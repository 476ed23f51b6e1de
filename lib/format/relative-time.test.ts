import { describe, expect, it } from 'vitest';
import { seededRandom } from '@/test/support/seeded-random';
import { formatRelativeUnit, type RelativeTimeUnit } from './relative-time';

const UNITS: RelativeTimeUnit[] = ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'];

function sampleValues(): number[] {
  const values = [0, -0, 0.004, -0.004, 0.005, -0.005, 1.004, -1.004, 1.005, -1.005, 0.99, 2.1, -2.1, 1.5, 1e6, -1234];
  for (let n = -400; n <= 400; n++) values.push(n);
  const random = seededRandom(26);
  for (let i = 0; i < 500; i++)
    values.push(Math.round((random() - 0.5) * 10 ** Math.floor(random() * 7) * 1000) / 1000);
  return values;
}

describe('relative time as Intl en (numeric: auto) writes it, without ICU', () => {
  const intl = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  const values = sampleValues();

  it.each(UNITS)('%s', (unit) => {
    const wrong = values
      .map((v) => [v, formatRelativeUnit(v, unit), intl.format(v, unit)] as const)
      .filter(([, ours, theirs]) => ours !== theirs);
    expect(wrong).toEqual([]);
  });

  it('reads as a person expects', () => {
    expect(formatRelativeUnit(-1, 'day')).toBe('yesterday');
    expect(formatRelativeUnit(1, 'month')).toBe('next month');
    expect(formatRelativeUnit(-1, 'week')).toBe('last week');
    expect(formatRelativeUnit(3, 'day')).toBe('in 3 days');
    expect(formatRelativeUnit(-5, 'minute')).toBe('5 minutes ago');
    expect(formatRelativeUnit(-1, 'minute')).toBe('1 minute ago');
    expect(formatRelativeUnit(-1500, 'year')).toBe('1,500 years ago');
    expect(() => formatRelativeUnit(NaN, 'day')).toThrow(RangeError);
  });
});
