import { describe, expect, it } from 'vitest';
import { axisWidthPx, unitFormat, unitOfFormat, valueFormatter } from './number-format';

describe('number formats', () => {
  it.each([
    ['count', 1234567, '1.2M', '1,234,567'],
    ['ms', 1530, '1.5 s', '1.53 s'],
    ['s', 90, '1.5 min', '1.5 min'],
    ['bytes', 1536, '1.5 KiB', '1.5 KiB'],
    ['percent', 0.1234, '12.3%', '12.3%'],
    ['number', 3.14159, '3.14', '3.14'],
  ] as const)('%s: %d reads %s on an axis and %s in full', (unit, value, short, full) => {
    const format = valueFormatter(unitFormat(unit));
    expect([format.short(value), format.full(value)]).toEqual([short, full]);
  });

  it('reads the formats the observability app stores', () => {
    expect(valueFormatter({ output: 'currency', currencySymbol: '€', mantissa: 2 }).full(12.5)).toBe('€12.5');
    expect(valueFormatter({ output: 'byte', decimalBytes: true }).full(1500)).toBe('1.5 kB');
    expect(valueFormatter({ output: 'number', unit: 'req' }).full(5)).toBe('5 req');
    expect(valueFormatter({ output: 'throughput' }).full(5)).toBe('5 /s');
    expect(valueFormatter(undefined, 'ms').full(0.5)).toBe('500 µs');
    expect(valueFormatter(undefined, 'count').short(null)).toBe('—');
  });

  it('maps editor units to stored formats and back; others are custom', () => {
    for (const unit of ['count', 'ms', 's', 'bytes', 'percent', 'number'] as const)
      expect(unitOfFormat(unitFormat(unit))).toBe(unit);
    expect(unitOfFormat(undefined)).toBe('auto');
    expect(unitOfFormat({ output: 'currency' })).toBe('custom');
  });

  it('sizes an axis for its longest label, within bounds', () => {
    expect(axisWidthPx(['1', '10'])).toBe(28);
    expect(axisWidthPx(['1.5 min', '12.25 min'])).toBe(72);
    expect(axisWidthPx(['x'.repeat(40)])).toBe(120);
  });
});
