import { describe, expect, it } from 'vitest';
import { seededRandom } from '@/test/support/seeded-random';
import { formatCompactNumber, formatNumber, type NumberOptions } from './number';

/** Doubles of every magnitude and sign, with the halves and nines where rounding turns. */
function sampleNumbers(count: number, seed: number): number[] {
  const random = seededRandom(seed);
  const values: number[] = [0, -0, 0.5, -0.5, 1.005, 1.015, 2.675, 0.045, 1e21, -1e21, 1.7976931348623157e308, 5e-324];
  for (let exponent = -12; exponent <= 24; exponent++) {
    for (const mantissa of [1, 9.5, 9.95, 9.995, 9.9995, 9.99995, 9.999949, 4.5, 1.25, 1.35, 9.0005]) {
      values.push(mantissa * 10 ** exponent, -mantissa * 10 ** exponent);
      values.push(Number(`${mantissa}e${exponent}`), -Number(`${mantissa}e${exponent}`));
    }
  }
  for (let i = 0; i < count; i++) {
    const exponent = Math.floor(random() * 46) - 16;
    const sign = random() < 0.3 ? -1 : 1;
    switch (i % 4) {
      case 0:
        values.push(sign * random() * 10 ** exponent);
        break;
      case 1: // a decimal that ends in 5: the half-way case at some precision
        values.push(sign * Number(`${Math.floor(random() * 10 ** (1 + Math.floor(random() * 8)))}5e${exponent - 8}`));
        break;
      case 2:
        values.push(sign * Math.floor(random() * 10 ** Math.max(0, exponent)));
        break;
      default: // short decimals, as rates and sizes are
        values.push(sign * Number((random() * 10 ** (exponent % 8)).toFixed(Math.floor(random() * 5))));
    }
  }
  return values;
}

const NUMBERS = sampleNumbers(4000, 26);

const OPTIONS: NumberOptions[] = [
  {},
  { maximumFractionDigits: 0 },
  { maximumFractionDigits: 1 },
  { maximumFractionDigits: 2 },
  { maximumFractionDigits: 2, useGrouping: false },
  { maximumFractionDigits: 0, useGrouping: false },
  { maximumFractionDigits: 10, minimumFractionDigits: 0 },
  { maximumFractionDigits: 2, minimumFractionDigits: 2 },
  { minimumFractionDigits: 1 },
];

/** Every value where this and Intl differ, with both texts (empty when they agree everywhere). */
function differences(values: number[], ours: (v: number) => string, intl: Intl.NumberFormat) {
  return values.map((v) => [v, ours(v), intl.format(v)] as const).filter(([, a, b]) => a !== b);
}

describe('numbers as Intl en writes them, without ICU', () => {
  it.each(OPTIONS.map((o) => [JSON.stringify(o), o] as const))('%s', (_, options) => {
    const intl = new Intl.NumberFormat('en', options);
    expect(differences(NUMBERS, (v) => formatNumber(v, options), intl)).toEqual([]);
  });

  it.each([0, 1, 2])('compact, maximumFractionDigits %d', (digits) => {
    const intl = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: digits });
    expect(differences(NUMBERS, (v) => formatCompactNumber(v, digits), intl)).toEqual([]);
  });

  it('writes the cases people read', () => {
    expect(formatNumber(1.005, { maximumFractionDigits: 2 })).toBe('1.01');
    expect(formatNumber(1234567.891, { maximumFractionDigits: 1 })).toBe('1,234,567.9');
    expect(formatNumber(-0.4, { maximumFractionDigits: 0 })).toBe('-0');
    expect(formatNumber(12345, { useGrouping: false })).toBe('12345');
    expect(formatNumber(1.5, { minimumFractionDigits: 2 })).toBe('1.50');
    expect([NaN, Infinity, -Infinity].map((v) => formatNumber(v))).toEqual(['NaN', '∞', '-∞']);
    expect(formatCompactNumber(999_950)).toBe('1M');
    expect(formatCompactNumber(999_949)).toBe('999.9K');
    expect(formatCompactNumber(999.95)).toBe('1K');
    expect(formatCompactNumber(12_345.65)).toBe('12.3K');
    expect(formatCompactNumber(-1_250_000)).toBe('-1.3M');
    expect([1e15, 1e18].map((v) => formatCompactNumber(v))).toEqual(['1000T', '1,000,000T']);
  });
});
