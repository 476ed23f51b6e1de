import { describe, expect, it } from 'vitest';
import { labelWidthPx, tickInterval, ticksThatFit, timeAxisTicks, valueTickCount } from './axis-ticks';

describe('axis ticks chosen without measuring text', () => {
  it('shows recharts’ five value ticks where the axis has room, fewer on a short one, never under two', () => {
    expect(valueTickCount(150, 20)).toBe(5);
    expect(valueTickCount(50, 20)).toBe(3);
    expect(valueTickCount(5, 20)).toBe(2);
  });

  it('skips given ticks so that those shown fit', () => {
    // 10 row labels on an 80 px axis: 5 fit, every second one shown.
    expect(tickInterval(10, 80, 20)).toBe(1);
    expect(tickInterval(4, 200, 20)).toBe(0);
  });

  it('drops time ticks whose centred label would be cut at either end of the plot', () => {
    const label = () => '12:00'; // 5 characters: 33 px, 16.5 each side
    const ticks = [0, 10, 50, 90, 100];
    // A 100 ms span over 300 px: 0 px, 30 px, 150 px, 270 px, 300 px.
    expect(ticksThatFit(ticks, 0, 100, 300, label, 20)).toEqual([10, 50, 90, 100]);
    expect(ticksThatFit(ticks, 0, 100, 300, label, 12)).toEqual([10, 50, 90]);
    expect(labelWidthPx('12:00')).toBeCloseTo(33);
  });

  it('labels an hour on a phone’s plot with the most round times that fit apart and inside', () => {
    const start = Date.UTC(2026, 0, 1);
    const minute = 60_000;
    const label = () => '12:00';
    // 300 px: every 15 min, the ends (00:00 and 01:00) cut by the plot's edges.
    expect(timeAxisTicks(start, start + 60 * minute, 300, label, 12, 90)).toEqual(
      [15, 30, 45].map((m) => start + m * minute),
    );
    // 120 px: two labels 60 px apart fit; three would touch.
    const narrow = timeAxisTicks(start, start + 60 * minute, 120, label, 12, 90);
    expect(narrow.length).toBeGreaterThanOrEqual(1);
    for (let i = 1; i < narrow.length; i++)
      expect(((narrow[i]! - narrow[i - 1]!) / (60 * minute)) * 120).toBeGreaterThanOrEqual(45);
  });
});
