import { describe, expect, it } from 'vitest';
import { inferSample } from './infer';
import { SampleError } from './sample';

const cols = (text: string) => inferSample(text).columns.map((c) => [c.name, c.type, c.sourceField]);

describe('inferSample', () => {
  it('infers JSON lines: nested objects flattened, arrays, nullable, DateTime64 from ISO strings and epoch numbers', () => {
    const text = [
      '{"id": 1, "user": {"name": "ann", "plan": null}, "tags": ["a"], "ts": 1764054217123, "created": "2026-11-25T07:03:37Z", "price": 3, "ok": true}',
      '{"id": 2, "user": {"name": "bob"}, "tags": [], "ts": 1764054218000, "created": "2026-11-25 07:04:00", "price": 2.5, "ok": false, "note": "x"}',
    ].join('\n');
    expect(cols(text)).toEqual([
      ['id', 'Int64', 'id'],
      ['user_name', 'String', 'user.name'],
      ['user_plan', 'Nullable(String)', 'user.plan'],
      ['tags', 'Array(String)', 'tags'],
      ['ts', 'DateTime64(3)', 'ts'],
      ['created', 'DateTime64(3)', 'created'],
      ['price', 'Float64', 'price'],
      ['ok', 'Bool', 'ok'],
      ['note', 'Nullable(String)', 'note'],
    ]);
    expect(inferSample(text).preview[0]).toMatchObject({ ts: '2025-11-25 07:03:37.123', user_plan: 'NULL', tags: '["a"]' });
  });

  it('reads a JSON array and CSV with a header, typing CSV text', () => {
    expect(inferSample('[{"a": 1}, {"a": 2}]')).toMatchObject({ format: 'jsonArray', recordCount: 2 });
    expect(cols('id,amount,paid,when\n1,2.50,true,2026-01-02\n2,,false,2026-01-03\n')).toEqual([
      ['id', 'Int64', 'id'],
      ['amount', 'Nullable(Float64)', 'amount'],
      ['paid', 'Bool', 'paid'],
      ['when', 'Date', 'when'],
    ]);
  });

  it('reads an Avro schema and a JSON Schema', () => {
    const avro = JSON.stringify({
      type: 'record',
      name: 'Order',
      fields: [
        { name: 'id', type: 'long' },
        { name: 'email', type: ['null', 'string'] },
        { name: 'at', type: { type: 'long', logicalType: 'timestamp-millis' } },
        { name: 'items', type: { type: 'array', items: 'string' } },
        { name: 'address', type: { type: 'record', name: 'A', fields: [{ name: 'city', type: 'string' }] } },
      ],
    }, null, 2);
    expect(cols(avro)).toEqual([
      ['id', 'Int64', 'id'],
      ['email', 'Nullable(String)', 'email'],
      ['at', 'DateTime64(3)', 'at'],
      ['items', 'Array(String)', 'items'],
      ['address_city', 'String', 'address.city'],
    ]);
    const schema = JSON.stringify({ type: 'object', required: ['id'], properties: { id: { type: 'integer' }, seen: { type: 'string', format: 'date-time' } } });
    expect(cols(schema)).toEqual([
      ['id', 'Int64', 'id'],
      ['seen', 'Nullable(DateTime64(3))', 'seen'],
    ]);
  });

  it.each([
    ['a broken JSON line', '{"a": 1}\n{"a": }\n', /^Line 2, column \d+: /],
    ['a line that is not an object', '{"a": 1}\n[1, 2]\n', /^Line 2, column 1: each line must be one JSON object$/],
    ['an unterminated array', '[{"a": 1},\n {"a": 2}', /^Line 2, column \d+: /],
    ['a CSV row with a stray quote', 'a,b\n1,"2\n', /^Line \d+, column 1: /],
    ['nothing', '  \n', /^The sample is empty/],
  ])('refuses %s with the line and column', (_, text, message) => {
    expect(() => inferSample(text)).toThrow(SampleError);
    expect(() => inferSample(text)).toThrow(message);
  });
});
