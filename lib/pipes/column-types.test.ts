import { describe, expect, it } from 'vitest';
import { COLUMN_TYPE_CHOICES, matchColumnTypes, splitType, wrapType } from './column-types';

describe('column types', () => {
  it.each([
    ['String', '', 'String'],
    ['Nullable(Int64)', 'Nullable', 'Int64'],
    ['LowCardinality(Nullable(String))', 'LowCardinality(Nullable)', 'String'],
    ['Array(Nullable(Float64))', 'Array(Nullable)', 'Float64'],
    ['Array(String)', 'Array', 'String'],
    ['Decimal(38, 9)', '', 'Decimal(38, 9)'],
  ])('%s splits into %s around %s and joins back', (type, wrapper, base) => {
    expect(splitType(type)).toEqual({ wrapper, base });
    expect(wrapType(base, wrapper as never)).toBe(type);
  });

  it('offers every base type bare and in each wrapper, and finds them by what was typed', () => {
    expect(COLUMN_TYPE_CHOICES).toContain('Nullable(Float64)');
    expect(COLUMN_TYPE_CHOICES).toContain('LowCardinality(Nullable(String))');
    expect(COLUMN_TYPE_CHOICES).toHaveLength(23 * 6);
    expect(matchColumnTypes('float64')).toEqual([
      'Float64',
      'Nullable(Float64)',
      'LowCardinality(Float64)',
      'LowCardinality(Nullable(Float64))',
      'Array(Float64)',
      'Array(Nullable(Float64))',
    ]);
    expect(matchColumnTypes('nullable float64')[0]).toBe('Nullable(Float64)');
    expect(matchColumnTypes('Nullable(Float64)')[0]).toBe('Nullable(Float64)');
    expect(matchColumnTypes('uuid').slice(0, 2)).toEqual(['UUID', 'Nullable(UUID)']);
    expect(matchColumnTypes('no such type')).toEqual([]);
    expect(matchColumnTypes('')).toHaveLength(COLUMN_TYPE_CHOICES.length);
  });
});
