import { describe, expect, it } from 'vitest';
import { breaches } from './alert-threshold';

describe('alert thresholds', () => {
  it.each([
    ['above', 10, 10, true],
    ['above_exclusive', 10, 10, false],
    ['below', 10, 9, true],
    ['below_or_equal', 10, 10, true],
    ['equal', 10, 10, true],
    ['not_equal', 10, 10, false],
    ['unknown', 10, 99, false],
  ] as const)('%s %d with %d → %s', (type, threshold, value, expected) => {
    expect(breaches(type, threshold, value)).toBe(expected);
  });

  it('uses thresholdMax for the ranges', () => {
    expect(breaches('between', 1, 5, 5)).toBe(true);
    expect(breaches('not_between', 1, 6, 5)).toBe(true);
  });
});
