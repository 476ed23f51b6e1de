import { describe, expect, it } from 'vitest';
import { landed, valueAt } from './landed';

describe('landed', () => {
  it.each([
    [1764054217123, 'DateTime64(3)', '2025-11-25 07:03:37.123', 'value'],
    [1764054217, 'DateTime64(6)', '2025-11-25 07:03:37.000000', 'value'],
    ['2026-11-25T07:03:37.5+01:00', 'DateTime', '2026-11-25 06:03:37', 'value'],
    ['2026-11-25 07:04:00', 'Nullable(DateTime64(3))', '2026-11-25 07:04:00.000', 'value'],
    ['2026-11-25T10:00:00Z', 'Date', '2026-11-25', 'value'],
    [null, 'Nullable(String)', 'NULL', 'null'],
    [undefined, 'Int64', '0', 'default'],
    [undefined, 'DateTime64(3)', '1970-01-01 00:00:00.000', 'default'],
    ['', 'String', '', 'value'],
    ['42', 'UInt32', '42', 'value'],
    ['-1', 'UInt8', '-1', 'invalid'],
    [2.5, 'Int64', '2.5', 'invalid'],
    ['2.50', 'Float64', '2.5', 'value'],
    ['yes', 'Bool', 'yes', 'invalid'],
    [1, 'Bool', 'true', 'value'],
    ['not a time', 'DateTime64(3)', 'not a time', 'invalid'],
    [['a', 'b'], 'Array(String)', "['a', 'b']", 'value'],
    [[1, null], 'Array(Nullable(Int64))', '[1, NULL]', 'value'],
    ['[1, 2]', 'Array(UInt8)', '[1, 2]', 'value'],
    ['x', 'Array(String)', 'x', 'invalid'],
    ['ann', 'LowCardinality(Nullable(String))', 'ann', 'value'],
    [{ a: 1 }, 'String', '{"a":1}', 'value'],
    ['6F1C2A4E-8A3B-4C5D-9E0F-1A2B3C4D5E6F', 'UUID', '6f1c2a4e-8a3b-4c5d-9e0f-1a2b3c4d5e6f', 'value'],
  ])('%j as %s lands as %s (%s)', (value, type, text, kind) => {
    expect(landed(value, type)).toEqual({ text, kind });
  });

  it('reads an empty CSV cell as a missing value', () => {
    expect(landed('', 'Nullable(Float64)', true)).toEqual({ text: 'NULL', kind: 'null' });
    expect(landed('', 'Nullable(String)', false)).toEqual({ text: '', kind: 'value' });
  });

  it('finds a value by its dotted path, or by a key that holds dots', () => {
    const record = { user: { name: 'ann', tags: ['x'] }, 'a.b': 1 };
    expect(valueAt(record, 'user.name')).toBe('ann');
    expect(valueAt(record, 'a.b')).toBe(1);
    expect(valueAt(record, 'user.tags.0')).toBeUndefined();
    expect(valueAt(record, 'missing.deep')).toBeUndefined();
  });
});
