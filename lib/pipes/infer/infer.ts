/**
 * Columns for a sample: one per field (nested objects flattened to `parent_child`, read from
 * `parent.child`), the narrowest type that holds every value seen, `Nullable` where a value was
 * missing or null, `Array(…)` for lists, and `DateTime64(3)` for ISO timestamps and for epoch
 * numbers in fields named like times. A field of numbers with a few texts among them stays String
 * (every value lands) and says what was seen, so the wizard can offer the numeric type instead.
 * Every choice stays editable in the wizard.
 */
import type { SampleFormat } from './sample-facts';
import { parseSample, type ParsedSample, type SampleRecord } from './sample';

export interface InferredColumn {
  name: string;
  type: string;
  sourceField: string;
  /** Numbers in most records and text in a few: kept as String, with the numeric type offered instead. */
  mixed?: MixedValues;
}

export interface MixedValues {
  /** Records holding a number, and records holding text that is not one. */
  numbers: number;
  texts: number;
  /** Up to three of the distinct texts, as seen. */
  examples: string[];
  /** The type the numbers alone would have, nullable: `Nullable(Float64)` or `Nullable(Int64)`. */
  numericType: string;
}

export interface InferredSample {
  format: SampleFormat;
  columns: InferredColumn[];
  /** The first records as read, for the preview; none for a schema. */
  head: SampleRecord[];
  recordCount: number;
}

type Scalar = 'null' | 'bool' | 'int' | 'float' | 'epoch' | 'datetime' | 'date' | 'uuid' | 'string';

interface FieldStats {
  path: string;
  kinds: Set<Scalar>;
  array: boolean;
  /** Records in which the field was absent or null. */
  missing: number;
  /** Records holding a number, records holding other text, and the first few such texts. */
  numbers: number;
  texts: number;
  textExamples: string[];
}

const MIXED_EXAMPLES = 3;

const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INTEGER = /^-?\d+$/;
const FLOAT = /^-?(\d+\.\d*|\.\d+|\d+)([eE][-+]?\d+)?$/;
const TIME_NAME = /(^|[_.])(ts|time|timestamp|date|datetime)$|_at$|At$/;
/** Epoch seconds from 2001 to 2286, or epoch milliseconds in the same span. */
const isEpoch = (n: number) => (n >= 1e9 && n < 1e10) || (n >= 1e12 && n < 1e13);

function scalarOf(value: unknown, timeNamed: boolean, fromText: boolean): Scalar {
  if (value === null || value === undefined || (fromText && value === '')) return 'null';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') {
    if (timeNamed && Number.isFinite(value) && isEpoch(value)) return 'epoch';
    return Number.isInteger(value) ? 'int' : 'float';
  }
  if (typeof value === 'string') {
    if (ISO_DATETIME.test(value)) return 'datetime';
    if (ISO_DATE.test(value)) return 'date';
    if (UUID.test(value)) return 'uuid';
    if (fromText) {
      if (value === 'true' || value === 'false') return 'bool';
      if (INTEGER.test(value)) return timeNamed && isEpoch(Number(value)) ? 'epoch' : 'int';
      if (FLOAT.test(value)) return 'float';
    }
    return 'string';
  }
  return 'string';
}

function typeOfKinds(kinds: Set<Scalar>): string {
  const present = [...kinds].filter((k) => k !== 'null');
  if (present.length === 0) return 'String';
  const only = (...allowed: Scalar[]) => present.every((k) => allowed.includes(k));
  if (only('bool')) return 'Bool';
  if (only('int')) return 'Int64';
  if (only('int', 'float')) return 'Float64';
  if (only('epoch', 'datetime')) return 'DateTime64(3)';
  if (only('date')) return 'Date';
  if (only('date', 'datetime')) return 'DateTime64(3)';
  if (only('uuid')) return 'UUID';
  return 'String';
}

const columnName = (path: string) => path.replace(/[^A-Za-z0-9_]+/g, '_');

function collect(records: readonly SampleRecord[], fromText: boolean): FieldStats[] {
  const fields = new Map<string, FieldStats & { present: number }>();
  const visit = (record: SampleRecord, prefix: string) => {
    for (const [key, value] of Object.entries(record)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
        visit(value as SampleRecord, path);
        continue;
      }
      let s = fields.get(path);
      if (!s) {
        s = { path, kinds: new Set(), array: false, missing: 0, present: 0, numbers: 0, texts: 0, textExamples: [] };
        fields.set(path, s);
      }
      const timeNamed = TIME_NAME.test(key);
      if (Array.isArray(value)) {
        s.array = true;
        s.present++;
        for (const item of value) s.kinds.add(scalarOf(item, timeNamed, false));
        continue;
      }
      const kind = scalarOf(value, timeNamed, fromText);
      if (kind !== 'null') {
        s.present++;
        s.kinds.add(kind);
      }
      if (kind === 'int' || kind === 'float') s.numbers++;
      else if (kind === 'string') {
        s.texts++;
        const text = String(value);
        if (s.textExamples.length < MIXED_EXAMPLES && !s.textExamples.includes(text)) s.textExamples.push(text);
      }
    }
  };
  for (const record of records) visit(record, '');
  // Absent or null in some records: the column must take NULL.
  for (const s of fields.values()) s.missing = records.length - s.present;
  return [...fields.values()];
}

function typeOfField(s: FieldStats): string {
  const base = typeOfKinds(s.kinds);
  if (s.array) return s.kinds.has('null') ? `Array(Nullable(${base}))` : `Array(${base})`;
  return s.missing > 0 ? `Nullable(${base})` : base;
}

/** Numbers in more records than text and nothing else: the odd texts are likely placeholders such as "n/a". */
function mixedOf(s: FieldStats): MixedValues | undefined {
  if (s.array || s.numbers === 0 || s.texts === 0 || s.texts >= s.numbers) return undefined;
  if (![...s.kinds].every((k) => k === 'int' || k === 'float' || k === 'string')) return undefined;
  return {
    numbers: s.numbers,
    texts: s.texts,
    examples: s.textExamples,
    numericType: s.kinds.has('float') ? 'Nullable(Float64)' : 'Nullable(Int64)',
  };
}

const AVRO_TYPES: Record<string, string> = {
  string: 'String',
  int: 'Int32',
  long: 'Int64',
  float: 'Float32',
  double: 'Float64',
  boolean: 'Bool',
  bytes: 'String',
};

function avroType(type: unknown, out: InferredColumn[], path: string): string | undefined {
  if (typeof type === 'string') return AVRO_TYPES[type] ?? 'String';
  if (Array.isArray(type)) {
    const others = type.filter((t) => t !== 'null');
    const inner = others.length === 1 ? avroType(others[0], out, path) : 'String';
    return inner && type.includes('null') && !inner.startsWith('Array') ? `Nullable(${inner})` : inner;
  }
  if (typeof type !== 'object' || type === null) return 'String';
  const t = type as Record<string, unknown>;
  if (t.logicalType === 'timestamp-millis' || t.logicalType === 'timestamp-micros')
    return t.logicalType === 'timestamp-micros' ? 'DateTime64(6)' : 'DateTime64(3)';
  if (t.logicalType === 'date') return 'Date';
  if (t.logicalType === 'uuid') return 'UUID';
  if (t.type === 'array') return `Array(${avroType(t.items, out, path) ?? 'String'})`;
  if (t.type === 'enum') return 'LowCardinality(String)';
  if (t.type === 'map') return `Map(String, ${avroType(t.values, out, path) ?? 'String'})`;
  if (t.type === 'record' && Array.isArray(t.fields)) {
    avroFields(t.fields, out, path);
    return undefined;
  }
  return avroType(t.type, out, path);
}

function avroFields(fields: unknown[], out: InferredColumn[], prefix: string): void {
  for (const field of fields) {
    const f = field as { name?: unknown; type?: unknown };
    if (typeof f.name !== 'string') continue;
    const path = prefix ? `${prefix}.${f.name}` : f.name;
    const type = avroType(f.type, out, path);
    if (type) out.push({ name: columnName(path), type, sourceField: path });
  }
}

const JSON_SCHEMA_TYPES: Record<string, string> = {
  string: 'String',
  integer: 'Int64',
  number: 'Float64',
  boolean: 'Bool',
};

function jsonSchemaColumns(schema: Record<string, unknown>, out: InferredColumn[], prefix: string): void {
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  for (const [name, property] of Object.entries(properties)) {
    const path = prefix ? `${prefix}.${name}` : name;
    const types = Array.isArray(property.type) ? (property.type as string[]) : [String(property.type ?? 'string')];
    const nullable = types.includes('null') || !required.has(name);
    const main = types.find((t) => t !== 'null') ?? 'string';
    if (main === 'object' && property.properties) {
      jsonSchemaColumns(property, out, path);
      continue;
    }
    let type: string;
    if (main === 'array') {
      const items = (property.items ?? {}) as Record<string, unknown>;
      type = `Array(${JSON_SCHEMA_TYPES[String(items.type)] ?? 'String'})`;
    } else if (main === 'string' && property.format === 'date-time') type = 'DateTime64(3)';
    else if (main === 'string' && property.format === 'date') type = 'Date';
    else if (main === 'string' && property.format === 'uuid') type = 'UUID';
    else type = JSON_SCHEMA_TYPES[main] ?? 'String';
    out.push({
      name: columnName(path),
      type: nullable && !type.startsWith('Array') ? `Nullable(${type})` : type,
      sourceField: path,
    });
  }
}

export const PREVIEW_ROWS = 5;

export function inferColumns(parsed: ParsedSample): InferredSample {
  if ('schema' in parsed) {
    const columns: InferredColumn[] = [];
    if (parsed.format === 'avroSchema') avroFields(parsed.schema.fields as unknown[], columns, '');
    else jsonSchemaColumns(parsed.schema, columns, '');
    return { format: parsed.format, columns, head: [], recordCount: 0 };
  }
  const fields = collect(parsed.records, parsed.format === 'csv');
  const columns = fields.map((s) => {
    const mixed = mixedOf(s);
    return { name: columnName(s.path), type: typeOfField(s), sourceField: s.path, ...(mixed ? { mixed } : {}) };
  });
  return {
    format: parsed.format,
    columns,
    head: parsed.records.slice(0, PREVIEW_ROWS),
    recordCount: parsed.records.length,
  };
}

/** Parse and infer in one step: what the wizard calls. */
export const inferSample = (text: string): InferredSample => inferColumns(parseSample(text));
