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
    expect(inferSample(text)).toMatchObject({ format: 'jsonLines', recordCount: 2, head: [{ id: 1 }, { id: 2 }] });
  });

  it('takes epoch seconds in a time-named field for DateTime64, but a plain count stays a number', () => {
    expect(cols('{"event_time": 1764054217, "count": 1764054217, "seen_at": "1764054217000"}')).toEqual([
      ['event_time', 'DateTime64(3)', 'event_time'],
      ['count', 'Int64', 'count'],
      ['seen_at', 'String', 'seen_at'],
    ]);
    expect(cols('id,updated_at\n1,1764054217123\n')).toEqual([
      ['id', 'Int64', 'id'],
      ['updated_at', 'DateTime64(3)', 'updated_at'],
    ]);
  });

  it('says what it saw where a few texts sit among numbers, and offers the numeric type (the column stays String)', () => {
    const text = [
      '{"price": 3.5, "qty": 1}',
      '{"price": 2, "qty": 2}',
      '{"price": "n/a", "qty": "none"}',
      '{"price": 4.25, "qty": 3}',
      '{"price": 1, "qty": "none"}',
    ].join('\n');
    const [price, qty] = inferSample(text).columns;
    expect(price).toEqual({
      name: 'price',
      type: 'String',
      sourceField: 'price',
      mixed: { numbers: 4, texts: 1, examples: ['n/a'], numericType: 'Nullable(Float64)' },
    });
    expect(qty).toEqual({
      name: 'qty',
      type: 'String',
      sourceField: 'qty',
      mixed: { numbers: 3, texts: 2, examples: ['none'], numericType: 'Nullable(Int64)' },
    });
    // As many texts as numbers, or text with dates: no guess at placeholders.
    expect(inferSample('{"a": 1, "b": "2026-01-01"}\n{"a": "x", "b": "y"}').columns.map((c) => c.mixed)).toEqual([
      undefined,
      undefined,
    ]);
    expect(inferSample('id,price\n1,3\n2,n/a\n3,4\n').columns[1]!.mixed).toEqual({
      numbers: 2,
      texts: 1,
      examples: ['n/a'],
      numericType: 'Nullable(Int64)',
    });
  });

  it('widens mixed values: whole and fractional numbers are Float64, anything with text is String, nulls in lists are nullable items', () => {
    expect(cols('{"n": 1, "m": 1, "l": [1, null]}\n{"n": 1.5, "m": "x", "l": [2]}')).toEqual([
      ['n', 'Float64', 'n'],
      ['m', 'String', 'm'],
      ['l', 'Array(Nullable(Int64))', 'l'],
    ]);
    expect(cols('{"id": "6f1c2a4e-8a3b-4c5d-9e0f-1a2b3c4d5e6f", "day": "2026-11-25", "odd key!": 1}')).toEqual([
      ['id', 'UUID', 'id'],
      ['day', 'Date', 'day'],
      ['odd_key_', 'Int64', 'odd key!'],
    ]);
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

  it('reads a CSV of one column', () => {
    expect(cols('name\nann\nbob\n')).toEqual([['name', 'String', 'name']]);
  });

  it('reads an Avro schema and a JSON Schema', () => {
    const avro = JSON.stringify(
      {
        type: 'record',
        name: 'Order',
        fields: [
          { name: 'id', type: 'long' },
          { name: 'email', type: ['null', 'string'] },
          { name: 'at', type: { type: 'long', logicalType: 'timestamp-millis' } },
          { name: 'items', type: { type: 'array', items: 'string' } },
          { name: 'address', type: { type: 'record', name: 'A', fields: [{ name: 'city', type: 'string' }] } },
        ],
      },
      null,
      2,
    );
    expect(cols(avro)).toEqual([
      ['id', 'Int64', 'id'],
      ['email', 'Nullable(String)', 'email'],
      ['at', 'DateTime64(3)', 'at'],
      ['items', 'Array(String)', 'items'],
      ['address_city', 'String', 'address.city'],
    ]);
    const schema = JSON.stringify({
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'integer' }, seen: { type: 'string', format: 'date-time' } },
    });
    expect(cols(schema)).toEqual([
      ['id', 'Int64', 'id'],
      ['seen', 'Nullable(DateTime64(3))', 'seen'],
    ]);
  });

  it.each([
    ['a broken JSON line', '{"a": 1}\n{"a": }\n', /^Line 2, column 7: a value expected$/],
    ['a trailing comma', '[{"a": 1,}]', /^Line 1, column 10: a property name in double quotes expected$/],
    ['text after a JSON line', '{"a": 1}\n{"b": 2}x\n', /^Line 2, column 9: unexpected character$/],
    ['a line that is not an object', '{"a": 1}\n[1, 2]\n', /^Line 2, column 1: each line must be one JSON object$/],
    ['an unterminated array', '[{"a": 1},\n {"a": 2}', /^Line 2, column 10: '\]' expected$/],
    ['a CSV row with a stray quote', 'a,b\n1,"2\n', /^Line 2, column 3: Quoted field unterminated$/],
    ['nothing', '  \n', /^The sample is empty/],
    ['an array of numbers', '[1, 2]', /^Line 1, column 1: a JSON array sample must hold objects$/],
    [
      'a CSV with an unnamed column',
      'id,,name\n1,2,3\n',
      /^Line 1, column 4: the first line must name every column \(column 2 has no name\)$/,
    ],
    ['a CSV row with a field too many', 'a,b\n1,2\n1,2,3\n', /^Line 3, column 1: Too many fields/],
  ])('refuses %s with the line and column', (_, text, message) => {
    expect(() => inferSample(text)).toThrow(SampleError);
    expect(() => inferSample(text)).toThrow(message);
  });
});
