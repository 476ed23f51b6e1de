import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_RANGE,
  fromDateTimeLocal,
  parseTimeRange,
  resolveTimeRange,
  serializeTimeRange,
  toDateTimeLocal,
  validateCustomRange,
  type TimeRangeState,
} from './time-range';

const parse = (query: string) => parseTimeRange(new URLSearchParams(query));
const NOW = Date.parse('2030-06-15T12:00:00.400Z');
const HOUR = 3_600_000;

describe('parseTimeRange', () => {
  it('defaults to the last 24 hours, auto granularity, no refresh', () => {
    expect(parse('')).toEqual(DEFAULT_TIME_RANGE);
  });

  it('reads a preset, a granularity and a refresh', () => {
    expect(parse('range=1h&granularity=5m&refresh=30s')).toEqual({
      window: { kind: 'relative', preset: '1h' },
      granularity: '5m',
      refresh: '30s',
    });
  });

  it('reads an absolute range, which wins over a preset and takes no live refresh', () => {
    expect(parse('range=1h&from=1000&to=2000&refresh=10s')).toEqual({
      window: { kind: 'absolute', fromMs: 1000, toMs: 2000 },
      granularity: 'auto',
      refresh: 'off',
    });
  });

  it.each([
    ['range=2h', DEFAULT_TIME_RANGE],
    ['granularity=2m', DEFAULT_TIME_RANGE],
    ['refresh=1s', DEFAULT_TIME_RANGE],
    ['from=2000&to=1000', DEFAULT_TIME_RANGE],
    ['from=abc&to=1000', DEFAULT_TIME_RANGE],
    ['from=1000', DEFAULT_TIME_RANGE],
    ['from=-5&to=1000', DEFAULT_TIME_RANGE],
  ])('falls back to the default for %s', (query, expected) => {
    expect(parse(query)).toEqual(expected);
  });
});

describe('serializeTimeRange', () => {
  it('leaves defaults out and keeps unrelated parameters', () => {
    expect(serializeTimeRange(DEFAULT_TIME_RANGE, new URLSearchParams('tile=a&range=1h')).toString()).toBe('tile=a');
  });

  it.each<[TimeRangeState, string]>([
    [
      { window: { kind: 'relative', preset: '7d' }, granularity: '1h', refresh: '1m' },
      'range=7d&granularity=1h&refresh=1m',
    ],
    [{ window: { kind: 'absolute', fromMs: 5, toMs: 9 }, granularity: 'auto', refresh: '10s' }, 'from=5&to=9'],
  ])('round-trips %j', (state, query) => {
    const written = serializeTimeRange(state).toString();
    expect(written).toBe(query);
    expect(parse(written)).toEqual({ ...state, refresh: state.window.kind === 'absolute' ? 'off' : state.refresh });
  });
});

describe('resolveTimeRange', () => {
  it('resolves a preset to a window ending now (whole seconds), carrying its length and refresh', () => {
    const end = Date.parse('2030-06-15T12:00:00Z');
    expect(resolveTimeRange(parse('range=6h&refresh=10s'), NOW)).toEqual({
      startMs: end - 6 * HOUR,
      endMs: end,
      granularity: 'auto',
      relativeMs: 6 * HOUR,
      refreshMs: 10_000,
    });
    expect(resolveTimeRange(parse('range=15m'), NOW)).not.toHaveProperty('refreshMs');
  });

  it('keeps an absolute range as it is, whatever the time', () => {
    expect(resolveTimeRange(parse('from=1000&to=2000&granularity=1m'), NOW)).toEqual({
      startMs: 1000,
      endMs: 2000,
      granularity: '1m',
    });
  });
});

describe('custom range fields', () => {
  it('converts datetime-local values both ways in local time', () => {
    const ms = new Date(2030, 5, 15, 9, 30).getTime();
    expect(toDateTimeLocal(ms)).toBe('2030-06-15T09:30');
    expect(fromDateTimeLocal('2030-06-15T09:30')).toBe(ms);
    expect(fromDateTimeLocal('yesterday')).toBeNull();
    expect(toDateTimeLocal(undefined)).toBe('');
  });

  it.each([
    ['', '2030-06-15T10:00', { from: 'From is required' }],
    ['2030-06-15T10:00', '', { to: 'To is required' }],
    ['2030-06-15T10:00', '2030-06-15T10:00', { to: 'To must be after From' }],
    ['2030-06-15T11:00', '2030-06-15T10:00', { to: 'To must be after From' }],
    ['junk', '2030-06-15T10:00', { from: 'From must be a date and time' }],
  ])('refuses from=%j to=%j, naming the field', (from, to, errors) => {
    expect(validateCustomRange(from, to)).toEqual({ ok: false, errors });
  });

  it('accepts From before To', () => {
    expect(validateCustomRange('2030-06-15T10:00', '2030-06-15T11:00')).toEqual({
      ok: true,
      fromMs: new Date(2030, 5, 15, 10, 0).getTime(),
      toMs: new Date(2030, 5, 15, 11, 0).getTime(),
    });
  });
});
