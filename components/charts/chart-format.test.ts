import { describe, expect, it } from 'vitest';
import { formatBigValue, formatDuration, formatValue, seriesLabel, timeTickFormatter, timeTicks, unitOf } from './chart-format';

describe('chart formatting', () => {
  it.each([
    [42, 'count', '42'],
    [12_345, 'count', '12.3K'],
    [0.5, 'plain', '0.5'],
    [250, 'ms', '250 ms'],
    [1_500, 'ms', '1.5 s'],
    [0.125, 'ratio', '12.5%'],
    [null, 'count', '—'],
  ] as const)('formatValue(%s, %s) → %s', (value, unit, text) => {
    expect(formatValue(value, unit)).toBe(text);
  });

  it('shows every digit of a large count on a number tile', () => {
    expect(formatBigValue(1_234_567, 'count')).toBe('1,234,567');
    expect(formatDuration(0.5)).toBe('500 µs');
  });

  it('picks the unit from the aggregate and field', () => {
    expect(unitOf([{ type: 'time', aggFn: 'count' }])).toBe('count');
    expect(unitOf([{ type: 'time', aggFn: 'quantile', field: 'Duration' }])).toBe('ms');
    expect(unitOf([{ type: 'time', aggFn: 'avg', field: 'bytes' }])).toBe('plain');
    expect(unitOf([{ type: 'time', aggFn: 'count' }], true)).toBe('ratio');
  });

  it('formats ticks by span: time of day, weekday, date', () => {
    const t = Date.UTC(2030, 5, 3, 14, 5);
    const local = new Date(t);
    const hhmm = `${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}`;
    expect(timeTickFormatter(3_600_000)(t)).toBe(hhmm);
    expect(timeTickFormatter(3 * 86_400_000)(t)).toMatch(/^[A-Z][a-z]{2},? \d{2}:\d{2}$/);
    expect(timeTickFormatter(30 * 86_400_000)(t)).toMatch(/^Jun \d{1,2}$/);
  });

  it('labels series by aggregate and field', () => {
    expect(seriesLabel({ type: 'time', aggFn: 'quantile', level: 0.95, field: 'Duration' }, 0)).toBe('p95(Duration)');
    expect(seriesLabel({ type: 'time' }, 0)).toBe('count');
    expect(seriesLabel(undefined, 2)).toBe('Series 3');
  });
});

describe('timeTicks', () => {
  it('puts round times inside the range, at most the number asked', () => {
    const start = Date.UTC(2030, 5, 3, 14, 7);
    const ticks = timeTicks(start, start + 60 * 60_000, 6);
    expect(ticks.length).toBeLessThanOrEqual(6);
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    for (const t of ticks) {
      expect(t).toBeGreaterThanOrEqual(start);
      expect(new Date(t).getMinutes() % 10).toBe(0);
    }
    expect(timeTicks(start, start, 5)).toEqual([]);
  });
});
