import {
  AUTH_METHOD_LABELS,
  COMPRESSION_LABELS,
  ITERATOR_TYPE_LABELS,
  KAFKA_TYPE_LABELS,
  OBJECT_STORAGE_FORMAT_LABELS,
  OBJECT_STORAGE_TYPE_LABELS,
  OFFSET_STRATEGY_LABELS,
  PIPE_KIND_LABELS,
  REPLICATION_MODE_LABELS,
  SCALING_BOUNDS,
  SETTINGS_BOUNDS,
  STREAMING_FORMAT_LABELS,
} from '@/lib/schemas/pipes/bounds';
import type { PipeRecord } from '@/lib/schemas/pipes/record';
import { sourceKindOf, otherSourceKeys } from '@/lib/schemas/pipes/source-kind';
import { boundedFieldLabel, scalingKeysFor, scalingLabel } from './pipe-editability';

export interface Definition {
  label: string;
  value: string;
}

/** Never shown, even if an upstream ever returned them; the BFF strips them as well. */
const SECRET_FIELDS = new Set(['credentials', 'password', 'secretKey', 'connectionString', 'privateKey', 'accessKey']);

/**
 * Labels of known fields where the word split of `fieldLabel` would read wrong; every other known
 * field (consumerGroup, caCertificate, queueUrl…) reads right from the split, as the tests pin.
 */
const FIELD_LABELS: Record<string, string> = {
  // Scaling and settings read as their edit fields do: "CPU per replica (millicores)".
  ...Object.fromEntries(Object.entries(SCALING_BOUNDS).map(([key, bounds]) => [key, boundedFieldLabel(bounds)])),
  ...Object.fromEntries(Object.entries(SETTINGS_BOUNDS).map(([key, bounds]) => [key, boundedFieldLabel(bounds)])),
  // Sources and destinations
  offset: 'Start offset',
  useEnhancedFanOut: 'Enhanced fan-out',
  isContinuous: 'Continuous ingestion',
  settings: 'Replication settings',
  enableFailoverSlots: 'Failover replication slots',
  snapshotNumRowsPerPartition: 'Snapshot rows per partition',
  snapshotNumberOfParallelTables: 'Snapshot parallel tables',
  syncIntervalSeconds: 'Sync interval (seconds)',
  useCustomSortingKey: 'Custom sorting key',
  sortingKeys: 'Sorting key columns',
  columnIds: 'Summed columns',
  versionColumnId: 'Version column',
  partitionBy: 'Partition key',
};

/** Abbreviations written in capitals (or as units) wherever they appear in a field name. */
const WORDS: Record<string, string> = {
  id: 'ID',
  ids: 'IDs',
  url: 'URL',
  urls: 'URLs',
  iam: 'IAM',
  ca: 'CA',
  cpu: 'CPU',
  gb: 'GB',
  mb: 'MB',
  ms: '(ms)',
  tls: 'TLS',
  sql: 'SQL',
  pem: 'PEM',
  ip: 'IP',
  api: 'API',
  aws: 'AWS',
};

/** "consumerGroup" → "Consumer group", from the table when known, else "someNewField_url" → "Some new field URL". */
export function fieldLabel(key: string): string {
  const known = FIELD_LABELS[key];
  if (known) return known;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => WORDS[word.toLowerCase()] ?? word.toLowerCase());
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Enumerated values read as the creation form names them; table engines keep their own names. */
const VALUE_LABELS: Record<string, Record<string, string>> = {
  type: { ...KAFKA_TYPE_LABELS, ...OBJECT_STORAGE_TYPE_LABELS },
  authentication: AUTH_METHOD_LABELS,
  format: { ...STREAMING_FORMAT_LABELS, ...OBJECT_STORAGE_FORMAT_LABELS },
  iteratorType: ITERATOR_TYPE_LABELS,
  strategy: OFFSET_STRATEGY_LABELS,
  replicationMode: REPLICATION_MODE_LABELS,
  compression: COMPRESSION_LABELS,
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Objects that read better as one phrase than as "Strategy: from_latest". */
const PHRASES: Record<string, (value: Record<string, unknown>) => string | undefined> = {
  offset: ({ strategy, timestamp }) =>
    typeof strategy === 'string'
      ? `${formatFieldValue(strategy, 'strategy')}${timestamp ? ` (${String(timestamp)} UTC)` : ''}`
      : undefined,
};

/** A value for display; `key` is the field it belongs to, which picks labels for enumerated values. */
export function formatFieldValue(value: unknown, key?: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return (key && VALUE_LABELS[key]?.[value]) ?? value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value))
    return value.length === 0 ? '—' : value.map((item) => formatFieldValue(item, key)).join(', ');
  if (isRecord(value)) {
    const phrase = key ? PHRASES[key]?.(value) : undefined;
    if (phrase) return phrase;
    const parts = Object.entries(value)
      .filter(([field]) => !SECRET_FIELDS.has(field))
      .map(([field, item]) => [field, formatFieldValue(item, field)] as const)
      // Inside a phrase an empty part is noise ("Excluded columns: —"); a row of its own keeps its dash.
      .filter(([, text]) => text !== '—')
      .map(([field, text]) => `${fieldLabel(field)}: ${text}`);
    return parts.length > 0 ? parts.join('; ') : '—';
  }
  return String(value);
}

/** Every non-secret field of an object, in the upstream's order. */
export function definitionsOf(record: object | null | undefined, skip: readonly string[] = []): Definition[] {
  if (!record) return [];
  return Object.entries(record)
    .filter(([key]) => !SECRET_FIELDS.has(key) && !skip.includes(key))
    .map(([key, value]) => ({ label: fieldLabel(key), value: formatFieldValue(value, key) }));
}

export function sourceDefinitions(pipe: PipeRecord): Definition[] {
  const kind = sourceKindOf(pipe.source);
  if (!kind) {
    // A kind newer than this console: its fields are still shown, read-only.
    const [other] = otherSourceKeys(pipe.source);
    if (!other) return [{ label: 'Kind', value: 'Unknown' }];
    return [
      { label: 'Kind', value: `${other} (not managed by this console)` },
      ...definitionsOf((pipe.source as Record<string, object>)[other]),
    ];
  }
  return [
    { label: 'Kind', value: PIPE_KIND_LABELS[kind] },
    ...definitionsOf(pipe.source[kind], kind === 'postgres' ? ['tableMappings', 'settings'] : []),
    // The replication settings are rows of their own rather than one long phrase.
    ...(kind === 'postgres' ? definitionsOf(pipe.source.postgres?.settings) : []),
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

/** The table definition's parts as rows of their own: "Table engine", "Sorting key"… */
function tableDefinitionRows(definition: PipeRecord['destination']['tableDefinition']): Definition[] {
  if (!definition) return [];
  const { engine, ...rest } = definition;
  const engineDetails = engine
    ? [
        engine.columnIds?.length ? `sums ${engine.columnIds.join(', ')}` : '',
        engine.versionColumnId ? `version column ${engine.versionColumnId}` : '',
      ].filter(Boolean)
    : [];
  return [
    {
      label: 'Table engine',
      value: engine ? `${engine.type}${engineDetails.length ? ` (${engineDetails.join('; ')})` : ''}` : '—',
    },
    ...definitionsOf(rest),
  ];
}

export function destinationDefinitions(pipe: PipeRecord): Definition[] {
  const { columns, tableDefinition, ...rest } = pipe.destination;
  return [
    ...definitionsOf(rest),
    ...tableDefinitionRows(tableDefinition),
    // A Postgres pipe's destination has no columns of its own; its table mappings say what it writes.
    ...(columns === undefined || columns === null
      ? []
      : [
          {
            label: 'Columns',
            value: columns.length > 0 ? columns.map((column) => `${column.name} ${column.type}`).join(', ') : '—',
          },
        ]),
  ];
}

export function fieldMappingDefinitions(pipe: PipeRecord): Definition[] {
  return pipe.fieldMappings.map((mapping) => ({ label: mapping.sourceField, value: `→ ${mapping.destinationField}` }));
}

/** The scaling fields that apply to the pipe's kind, the deprecated one marked. */
export function scalingDefinitions(pipe: PipeRecord): Definition[] {
  const kind = sourceKindOf(pipe.source);
  if (!kind) return definitionsOf(pipe.scaling);
  return scalingKeysFor(kind).map((key) => ({
    label: scalingLabel(key),
    value: formatFieldValue(pipe.scaling?.[key]),
  }));
}

/** The settings the pipe has a value for; unset ones follow the upstream's defaults. */
export function settingDefinitions(pipe: PipeRecord): Definition[] {
  return Object.entries(pipe.settings ?? {})
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([key, value]) => ({ label: fieldLabel(key), value: formatFieldValue(value, key) }));
}
