import { describe, expect, it } from 'vitest';
import {
  GRANULARITIES,
  alignBucket,
  autoGranularity,
  granularityMs,
  isGranularity,
  resolveGranularity,
} from './granularity';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const start = Date.parse('2030-06-15T12:00:00Z');

describe('GRANULARITIES', () => {
  it('lists the upstream values smallest first', () => {
    expect(Object.keys(GRANULARITIES)).toEqual([
      '30s',
      '1m',
      '5m',
      '10m',
      '15m',
      '30m',
      '1h',
      '2h',
      '6h',
      '12h',
      '1d',
      '2d',
      '7d',
      '30d',
    ]);
    const widths = Object.values(GRANULARITIES);
    expect(widths).toEqual([...widths].sort((a, b) => a - b));
  });

  it.each([
    ['30s', 30_000],
    ['15m', 15 * MIN],
    ['2h', 2 * HOUR],
    ['7d', 7 * DAY],
    ['30d', 30 * DAY],
  ] as const)('granularityMs(%s) = %d', (g, ms) => {
    expect(granularityMs(g)).toBe(ms);
  });

  it('recognises granularities', () => {
    expect(isGranularity('1h')).toBe(true);
    expect(isGranularity('auto')).toBe(false);
    expect(isGranularity('toString')).toBe(false);
  });
});

describe('autoGranularity', () => {
  it.each([
    [15 * MIN, '30s'],
    [24 * HOUR, '30m'],
    [30 * DAY, '12h'],
    [0, '30s'],
    [10 * 365 * DAY, '30d'],
  ] as const)('a %d ms range → %s', (span, expected) => {
    expect(autoGranularity(start, start + span)).toBe(expected);
  });

  it('never exceeds ~60 buckets and the next smaller granularity would', () => {
    for (const span of [15 * MIN, HOUR, 24 * HOUR, 7 * DAY, 30 * DAY]) {
      const g = autoGranularity(start, start + span);
      expect(Math.ceil(span / GRANULARITIES[g])).toBeLessThanOrEqual(60);
      const keys = Object.keys(GRANULARITIES) as (keyof typeof GRANULARITIES)[];
      const smaller = keys[keys.indexOf(g) - 1];
      if (smaller) expect(Math.ceil(span / GRANULARITIES[smaller])).toBeGreaterThan(60);
    }
  });

  it('resolves auto and passes explicit values through', () => {
    expect(resolveGranularity('auto', start, start + DAY)).toBe('30m');
    expect(resolveGranularity('5m', start, start + DAY)).toBe('5m');
  });
});

describe('alignBucket', () => {
  it.each([
    [0, MIN, 0],
    [59_999, MIN, 0],
    [60_000, MIN, 60_000],
    [Date.parse('2030-06-15T12:07:31Z'), 5 * MIN, Date.parse('2030-06-15T12:05:00Z')],
    [Date.parse('2030-06-15T12:07:31Z'), DAY, Date.parse('2030-06-15T00:00:00Z')],
    [-1, MIN, -MIN],
  ])('alignBucket(%d, %d) = %d', (ts, ms, expected) => {
    expect(alignBucket(ts, ms)).toBe(expected);
  });

  it('aligns to multiples since the epoch, not to weekdays', () => {
    expect(alignBucket(Date.parse('2030-06-15T00:00:00Z'), 7 * DAY) % (7 * DAY)).toBe(0);
  });
});
