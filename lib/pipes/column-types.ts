/**
 * The destination database's column types as a picker offers them: a base type and an optional
 * wrapper. A type the picker does not know (typed elsewhere, e.g. `Decimal(38, 9)`) is kept as it
 * is rather than lost.
 */
export const BASE_COLUMN_TYPES = [
  'String',
  'UInt8',
  'UInt16',
  'UInt32',
  'UInt64',
  'Int8',
  'Int16',
  'Int32',
  'Int64',
  'Float32',
  'Float64',
  'Decimal(18, 4)',
  'Bool',
  'Date',
  'Date32',
  'DateTime',
  'DateTime64(3)',
  'DateTime64(6)',
  'UUID',
  'IPv4',
  'IPv6',
  'JSON',
  'Map(String, String)',
] as const;

export const COLUMN_WRAPPERS = [
  '',
  'Nullable',
  'LowCardinality',
  'LowCardinality(Nullable)',
  'Array',
  'Array(Nullable)',
] as const;
export type ColumnWrapper = (typeof COLUMN_WRAPPERS)[number];
export const COLUMN_WRAPPER_LABELS: Record<ColumnWrapper, string> = {
  '': 'None',
  Nullable: 'Nullable',
  LowCardinality: 'LowCardinality',
  'LowCardinality(Nullable)': 'LowCardinality(Nullable)',
  Array: 'Array',
  'Array(Nullable)': 'Array(Nullable)',
};

export function wrapType(base: string, wrapper: ColumnWrapper): string {
  if (!wrapper) return base;
  const layers = wrapper.replace(/\)/g, '').split('(');
  return layers.reduceRight((inner, layer) => `${layer}(${inner})`, base);
}

/** `Array(Nullable(Int64))` → `{ wrapper: 'Array(Nullable)', base: 'Int64' }`; the wrappers the picker knows only. */
export function splitType(type: string): { wrapper: ColumnWrapper; base: string } {
  for (const wrapper of [...COLUMN_WRAPPERS].reverse()) {
    if (!wrapper) continue;
    const prefix = `${wrapper.replace(/\)/g, '').split('(').join('(')}(`;
    const closing = ')'.repeat(wrapper.split('(').length);
    if (type.startsWith(prefix) && type.endsWith(closing))
      return { wrapper, base: type.slice(prefix.length, type.length - closing.length) };
  }
  return { wrapper: '', base: type };
}

/** Every type the picker offers: each base type bare, then in each wrapper (`Nullable(Float64)`, …). */
export const COLUMN_TYPE_CHOICES: readonly string[] = BASE_COLUMN_TYPES.flatMap((base) =>
  COLUMN_WRAPPERS.map((wrapper) => wrapType(base, wrapper)),
);

const squash = (text: string) => text.toLowerCase().replace(/[\s()]+/g, '');

/**
 * The choices that hold what was typed, ignoring case, spaces and brackets (`nullfloat` finds
 * `Nullable(Float64)` only if written in order; `float64` finds every Float64 type), the closest first:
 * an exact match, then those starting with it, then the rest in list order.
 */
export function matchColumnTypes(query: string, choices: readonly string[] = COLUMN_TYPE_CHOICES): string[] {
  const q = squash(query);
  if (!q) return [...choices];
  const rank = (choice: string) => {
    const c = squash(choice);
    if (c === q) return 0;
    if (c.startsWith(q)) return 1;
    return c.includes(q) ? 2 : -1;
  };
  return choices
    .map((choice, index) => ({ choice, index, rank: rank(choice) }))
    .filter((m) => m.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((m) => m.choice);
}
