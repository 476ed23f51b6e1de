import { PIPE_KIND_LABELS } from '@/lib/schemas/pipes/bounds';
import type { PipeRecord } from '@/lib/schemas/pipes/record';
import { sourceKindOf } from '@/lib/schemas/pipes/source-kind';

export interface Definition {
  label: string;
  value: string;
}

/** Never shown, even if an upstream ever returned them; the BFF strips them as well. */
const SECRET_FIELDS = new Set(['credentials', 'password', 'secretKey', 'connectionString', 'privateKey', 'accessKey']);

/** "consumerGroup" → "Consumer group". */
export function fieldLabel(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function formatFieldValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(formatFieldValue).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value)
      .filter(([key, item]) => !SECRET_FIELDS.has(key) && item !== null && item !== undefined)
      .map(([key, item]) => `${fieldLabel(key)}: ${formatFieldValue(item)}`)
      .join('; ');
  }
  return String(value);
}

/** Every non-secret field of an object, in the upstream's order. */
export function definitionsOf(record: object | null | undefined, skip: readonly string[] = []): Definition[] {
  if (!record) return [];
  return Object.entries(record)
    .filter(([key]) => !SECRET_FIELDS.has(key) && !skip.includes(key))
    .map(([key, value]) => ({ label: fieldLabel(key), value: formatFieldValue(value) }));
}

export function sourceDefinitions(pipe: PipeRecord): Definition[] {
  const kind = sourceKindOf(pipe.source);
  if (!kind) return [{ label: 'Kind', value: 'Unknown' }];
  return [
    { label: 'Kind', value: PIPE_KIND_LABELS[kind] },
    ...definitionsOf(pipe.source[kind], kind === 'postgres' ? ['tableMappings'] : []),
  ];
}

/** One line per Postgres table mapping: "public.orders → orders". */
export function tableMappingDefinitions(pipe: PipeRecord): Definition[] {
  return (pipe.source.postgres?.tableMappings ?? []).map((mapping) => {
    const { sourceSchemaName, sourceTable, targetTable, ...rest } = mapping;
    const details = formatFieldValue(rest);
    return {
      label: `${sourceSchemaName}.${sourceTable}`,
      value: details && details !== '—' ? `${targetTable} (${details})` : targetTable,
    };
  });
}

export function destinationDefinitions(pipe: PipeRecord): Definition[] {
  const { columns, ...rest } = pipe.destination;
  return [
    ...definitionsOf(rest),
    {
      label: 'Columns',
      value: columns && columns.length > 0 ? columns.map((column) => `${column.name} ${column.type}`).join(', ') : '—',
    },
  ];
}

export function fieldMappingDefinitions(pipe: PipeRecord): Definition[] {
  return pipe.fieldMappings.map((mapping) => ({ label: mapping.sourceField, value: `→ ${mapping.destinationField}` }));
}
