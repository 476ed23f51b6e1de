/**
 * The destination database's column types as a picker offers them: a base type and an optional
 * wrapper. A type the picker does not know (typed elsewhere, e.g. `Decimal(38, 9)`) is kept as it
 * is rather than lost.
 */
export const BASE_COLUMN_TYPES = [
  'String', 'UInt8', 'UInt16', 'UInt32', 'UInt64', 'Int8', 'Int16', 'Int32', 'Int64', 'Float32', 'Float64',
  'Decimal(18, 4)', 'Bool', 'Date', 'Date32', 'DateTime', 'DateTime64(3)', 'DateTime64(6)', 'UUID', 'IPv4', 'IPv6', 'JSON',
  'Map(String, String)',
] as const;

export const COLUMN_WRAPPERS = ['', 'Nullable', 'LowCardinality', 'LowCardinality(Nullable)', 'Array', 'Array(Nullable)'] as const;
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
    if (type.startsWith(prefix) && type.endsWith(closing)) return { wrapper, base: type.slice(prefix.length, type.length - closing.length) };
  }
  return { wrapper: '', base: type };
}
