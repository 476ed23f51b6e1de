import {
  absent,
  bad,
  checkSecret,
  enumAt,
  isRec,
  objectAt,
  optionalBoolean,
  optionalEnum,
  optionalPositiveInteger,
  optionalString,
  requiredString,
  stringArray,
  type SourceOptions,
} from './validate-common';
import type { Rec } from './types';

const PATH = 'source.postgres';
export const REPLICATION_MODES = ['cdc', 'snapshot', 'cdc_only'] as const;
export type ReplicationMode = (typeof REPLICATION_MODES)[number];
export const POSTGRES_TABLE_ENGINES = ['MergeTree', 'ReplacingMergeTree', 'Null'] as const;
const NUMERIC_SETTINGS = [
  'initialLoadParallelism',
  'pullBatchSize',
  'snapshotNumRowsPerPartition',
  'snapshotNumberOfParallelTables',
  'syncIntervalSeconds',
] as const;

function parseSettings(value: unknown): Rec {
  const path = `${PATH}.settings`;
  if (absent(value)) return { replicationMode: 'cdc' };
  const settings = objectAt(value, path);
  const out: Rec = {
    replicationMode: optionalEnum(settings.replicationMode, `${path}.replicationMode`, REPLICATION_MODES) ?? 'cdc',
  };
  for (const field of ['allowNullableColumns', 'enableFailoverSlots'] as const) {
    const flag = optionalBoolean(settings[field], `${path}.${field}`);
    if (flag !== null) out[field] = flag;
  }
  for (const field of ['publicationName', 'replicationSlotName'] as const) {
    const name = optionalString(settings[field], `${path}.${field}`);
    if (name !== null) out[field] = name;
  }
  for (const field of NUMERIC_SETTINGS) {
    const number = optionalPositiveInteger(settings[field], `${path}.${field}`);
    if (number !== null) out[field] = number;
  }
  if (out.enableFailoverSlots === true && out.replicationSlotName !== undefined) {
    throw bad(`${path}.enableFailoverSlots requires that replicationSlotName is not set`);
  }
  return out;
}

function parseTableMapping(value: unknown, path: string): Rec {
  const mapping = objectAt(value, path);
  const useCustomSortingKey = optionalBoolean(mapping.useCustomSortingKey, `${path}.useCustomSortingKey`) ?? false;
  const sortingKeys = stringArray(mapping.sortingKeys, `${path}.sortingKeys`);
  if (useCustomSortingKey && sortingKeys.length === 0)
    throw bad(`${path}.sortingKeys is required when useCustomSortingKey is true`);
  return {
    sourceSchemaName: requiredString(mapping.sourceSchemaName, `${path}.sourceSchemaName`),
    sourceTable: requiredString(mapping.sourceTable, `${path}.sourceTable`),
    targetTable: requiredString(mapping.targetTable, `${path}.targetTable`),
    tableEngine:
      optionalEnum(mapping.tableEngine, `${path}.tableEngine`, POSTGRES_TABLE_ENGINES) ?? 'ReplacingMergeTree',
    useCustomSortingKey,
    sortingKeys,
    excludedColumns: stringArray(mapping.excludedColumns, `${path}.excludedColumns`),
  };
}

function parseTableMappings(value: unknown): Rec[] {
  const path = `${PATH}.tableMappings`;
  if (!Array.isArray(value) || value.length === 0) throw bad(`${path} must contain at least 1 table mapping`);
  const mappings = value.map((item, i) => parseTableMapping(item, `${path}[${i}]`));
  const seen = new Set<string>();
  mappings.forEach((m, i) => {
    const target = String(m.targetTable);
    if (seen.has(target)) throw bad(`${path}[${i}].targetTable ${target} is already used by another table mapping`);
    seen.add(target);
  });
  return mappings;
}

/** Validates a Postgres source and returns it without `credentials`. */
export function parsePostgresSource(value: unknown, options: SourceOptions): Rec {
  const pg = objectAt(value, PATH);
  const host = requiredString(pg.host, `${PATH}.host`);
  if (absent(pg.port)) throw bad(`${PATH}.port is required`);
  if (typeof pg.port !== 'number' || !Number.isInteger(pg.port) || pg.port < 1 || pg.port > 65535) {
    throw bad(`${PATH}.port must be an integer between 1 and 65535`);
  }
  const database = requiredString(pg.database, `${PATH}.database`);
  checkSecret(pg.credentials, `${PATH}.credentials`, ['username', 'password'], '', options.requireSecrets);
  return {
    host,
    port: pg.port,
    database,
    settings: parseSettings(pg.settings),
    tableMappings: parseTableMappings(pg.tableMappings),
  };
}

export function replicationModeOf(postgres: Rec | null): ReplicationMode {
  const settings = postgres?.settings;
  const mode = isRec(settings) ? settings.replicationMode : undefined;
  return enumAt(mode ?? 'cdc', 'replicationMode', REPLICATION_MODES);
}
