import { describe, expect, it } from 'vitest';
import { splitType, wrapType } from './column-types';

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
});
